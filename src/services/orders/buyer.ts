/**
 * Who is buying, for pricing at the edge: a visitor, or a signed-in user with their membership
 * and the webinars they already own (D1 entitlements).
 */
import { VISITOR, type Buyer } from "../../domain/buyer";

export interface BuyerDeps {
  /** The signed-in user's id, or null for a visitor. */
  userId: string | null;
  isMember: () => Promise<boolean>;
  entitledWebinarIds: (userId: string) => Promise<ReadonlySet<string>>;
}

export async function buyerFor({ userId, isMember, entitledWebinarIds }: BuyerDeps): Promise<Buyer> {
  if (!userId) return VISITOR;
  const [member, owned] = await Promise.all([isMember(), entitledWebinarIds(userId)]);
  return { viewer: member ? "member" : "user", userId, owned };
}
