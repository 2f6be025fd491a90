/**
 * Who is buying, for pricing at the edge: a visitor, or a signed-in user with their membership
 * and the webinars they already own (D1 entitlements).
 */
import { VISITOR, type Buyer } from "../../domain/buyer";
import type { MemberType } from "../membership/member-rule";

export interface BuyerDeps {
  /** The signed-in user's id, or null for a visitor. */
  userId: string | null;
  membership: () => Promise<MemberType>;
  entitledWebinarIds: (userId: string) => Promise<ReadonlySet<string>>;
}

export async function buyerFor({ userId, membership, entitledWebinarIds }: BuyerDeps): Promise<Buyer> {
  if (!userId) return VISITOR;
  const [{ member, membershipSlug }, owned] = await Promise.all([membership(), entitledWebinarIds(userId)]);
  return { viewer: member ? "member" : "user", userId, membershipSlug, owned };
}
