/**
 * A member's number, and the proof of membership employers and insurers ask for (name, number,
 * membership, valid until). Only the signed-in member's own record, and the proof only while the
 * membership is active: a lapsed member cannot print a proof that says otherwise.
 */
import type { MemberCardStore } from "../../adapters/d1/member-cards";
import type { MemberCard } from "../../domain/membership";
import { isActiveMember } from "./active-member";
import { ownMembership, type OwnMembershipDeps } from "./own-membership";

export interface MemberCardDeps extends OwnMembershipDeps {
  cards: MemberCardStore;
  now: () => Date;
  graceDays: number;
}

export interface MemberNumberAndCard {
  /** The member number, once the membership has been active (null before). */
  memberNumber: number | null;
  /** The proof of membership, while the membership is active. */
  card: MemberCard | null;
}

export async function memberCard(deps: MemberCardDeps, userId: string): Promise<MemberNumberAndCard> {
  const [{ record, application }, facts] = await Promise.all([ownMembership(deps, userId), deps.cards.forUser(userId)]);
  const memberNumber = facts?.memberNumber ?? null;
  if (!record || memberNumber === null || !isActiveMember(record, deps.now(), deps.graceDays)) return { memberNumber, card: null };
  const name = facts?.memberName ?? (application ? `${application.givenName} ${application.familyName}` : record.email);
  return { memberNumber, card: { name, memberNumber, membershipTitle: record.membershipTitle, validUntil: record.periodEnd } };
}
