/**
 * Claiming a membership record made before its owner first signed in (a staff grant or an
 * import, held under `email:<address>`). Anyone can create a Firebase account for any address
 * without proving they own it, so only an address Firebase has verified may claim, and only a
 * record no real user holds yet. A user who already has a record of their own is not merged
 * silently: staff are told (the log), and decide.
 */
import type { ClaimOutcome, MembershipStore } from "../../adapters/d1/memberships";
import type { Logger } from "../../log";

export interface ClaimDeps {
  memberships: Pick<MembershipStore, "claimUnclaimed">;
  log: Logger;
}

/** Who an ID token says signed in. */
export interface SignedInIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

export async function claimMembership(deps: ClaimDeps, identity: SignedInIdentity): Promise<ClaimOutcome | "unverified"> {
  const email = identity.email?.trim().toLowerCase() ?? "";
  if (!identity.emailVerified || email === "") return "unverified";
  const outcome = await deps.memberships.claimUnclaimed(identity.uid, email);
  if (outcome === "claimed") deps.log.info("membership.claimed", { userId: identity.uid });
  // Staff find the waiting record under `email:` + the user's address.
  if (outcome === "conflict") deps.log.warn("membership.claim_conflict", { userId: identity.uid });
  return outcome;
}

export interface SignInClaimDeps extends ClaimDeps {
  /** Our records follow a verified address the account has moved to (services/auth/email-change). */
  followAddress: (userId: string, email: string) => Promise<unknown>;
}

/**
 * What signing in claims: a verified address the account has moved to is followed first, so the
 * claim below (and the session) see the address the person now has.
 */
export function createSignInClaim(deps: SignInClaimDeps) {
  return async (identity: SignedInIdentity): Promise<ClaimOutcome | "unverified"> => {
    if (identity.emailVerified && identity.email) await deps.followAddress(identity.uid, identity.email);
    return claimMembership(deps, identity);
  };
}
