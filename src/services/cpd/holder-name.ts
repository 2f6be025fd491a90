/**
 * The name a CPD certificate is made out to: the name an import brought, else the name on the
 * member's own application; null for someone with neither (a webinar buyer who never applied).
 */
import type { MemberCardStore } from "../../adapters/d1/member-cards";
import { ownMembership, type OwnMembershipDeps } from "../membership/own-membership";

export async function holderName(deps: OwnMembershipDeps & { cards: MemberCardStore }, userId: string): Promise<string | null> {
  const [facts, { application }] = await Promise.all([deps.cards.forUser(userId), ownMembership(deps, userId)]);
  return facts?.memberName ?? (application ? `${application.givenName} ${application.familyName}`.trim() || null : null);
}
