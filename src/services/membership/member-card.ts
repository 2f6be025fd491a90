/**
 * A member's number, and the proof of membership employers and insurers ask for (name, number,
 * membership, valid until). Only the signed-in member's own record, and the proof only while the
 * member rule (member-rule.ts) says they are a member: a lapsed member, or one whose payment is
 * disputed with their bank, cannot print a proof that says otherwise. The membership it names is
 * the record's, the one in force (a change waiting for payment or for the renewal is not).
 */
import type { MemberCardStore } from "../../adapters/d1/member-cards";
import type { MemberCard } from "../../domain/membership";
import type { MemberRule } from "./member-rule";
import { ownMembership, type OwnMembershipDeps } from "./own-membership";

export interface MemberCardDeps extends OwnMembershipDeps {
  cards: MemberCardStore;
  members: Pick<MemberRule, "isMember">;
}

export interface MemberNumberAndCard {
  /** The member number, once the membership has been active (null before). */
  memberNumber: number | null;
  /** The proof of membership, while the membership is active. */
  card: MemberCard | null;
}

export async function memberCard(deps: MemberCardDeps, userId: string): Promise<MemberNumberAndCard> {
  const [{ record, application }, facts, member] = await Promise.all([ownMembership(deps, userId), deps.cards.forUser(userId), deps.members.isMember(userId)]);
  const memberNumber = facts?.memberNumber ?? null;
  if (!record || memberNumber === null || !member) return { memberNumber, card: null };
  const name = facts?.memberName ?? (application ? `${application.givenName} ${application.familyName}` : record.email);
  return { memberNumber, card: { name, memberNumber, membershipTitle: record.membershipTitle, validUntil: record.periodEnd } };
}
