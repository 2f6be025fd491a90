/**
 * "Delete my account" (/user/privacy): after the password is entered again, in this order
 *   1. what blocks erasure is checked (a staff member is removed from the staff list first);
 *   2. a membership still renewing by card has its Stripe subscription cancelled at once, so no
 *      further payment is taken from an account that no longer exists;
 *   3. one D1 batch erases the person's rows, table by table as adapters/d1/personal-data-tables.ts
 *      says, ends every session and writes `account.erased` (a pseudonym and the member number,
 *      nothing personal): all of it or none;
 *   4. the files the erased rows pointed at (a practitioner's photo in R2, which D1 named for
 *      deletion as its listing went) are deleted; one left by a failed call goes with the daily job;
 *   5. the Firebase account is deleted with the fresh ID token the password gave.
 * D1 goes before Firebase so a failure can be retried by the person: if Firebase fails, they can
 * still sign in (to an account with nothing left in it) and ask again; the batch is safe to repeat.
 */
import type { ErasureFacts, PersonalDataStore } from "../../adapters/d1/personal-data";
import type { IdentityToolkit } from "../../adapters/firebase/identity-toolkit";
import type { BillingApi } from "../../adapters/stripe/billing-api";
import { IdentityError } from "../../domain/identity-errors";
import type { ErasureBlock } from "../../domain/privacy";
import type { Session } from "../../domain/session";
import type { Logger } from "../../log";
import type { Pseudonyms } from "./pseudonyms";

export interface ErasurePreview {
  /** What must happen first; null when nothing blocks. */
  blocked: ErasureBlock | null;
  /** Whether a card subscription will be cancelled as part of it. */
  cancelsCardSubscription: boolean;
}

export type ErasureOutcome = { kind: "erased" } | { kind: "wrong-password" } | { kind: "too-many-attempts" } | { kind: "blocked"; block: ErasureBlock };

export interface AccountErasure {
  preview(session: Session): Promise<ErasurePreview>;
  erase(session: Session, password: string): Promise<ErasureOutcome>;
}

export interface AccountErasureDeps {
  store: PersonalDataStore;
  identity: Pick<IdentityToolkit, "signInWithPassword" | "deleteAccount">;
  /** Stripe's API; null where card payments are not configured. */
  billing: Pick<BillingApi, "cancelSubscription"> | null;
  pseudonyms: Pseudonyms;
  /** Deletes files the erased rows pointed at (practitioners' photos). */
  files: { sweep(): Promise<unknown> };
  log: Logger;
}

const WRONG_PASSWORD = ["auth/wrong-password", "auth/invalid-credential", "auth/invalid-login-credentials", "auth/user-not-found"];

export function createAccountErasure(deps: AccountErasureDeps): AccountErasure {
  const subjectOf = (session: Session) => ({ userId: session.userId, email: (session.email ?? "").toLowerCase(), emailVerified: session.emailVerified });

  function blockOf(facts: ErasureFacts): ErasureBlock | null {
    if (facts.onStaffList) return "on-staff-list";
    if (facts.cardSubscriptionId && !deps.billing) return "card-payments-unavailable";
    return null;
  }

  return {
    async preview(session) {
      const facts = await deps.store.facts(subjectOf(session));
      return { blocked: blockOf(facts), cancelsCardSubscription: facts.cardSubscriptionId !== null };
    },

    async erase(session, password) {
      if (!session.email) return { kind: "wrong-password" };
      let idToken: string;
      try {
        ({ idToken } = await deps.identity.signInWithPassword(session.email, password));
      } catch (error) {
        if (error instanceof IdentityError && error.code === "auth/too-many-requests") return { kind: "too-many-attempts" };
        if (error instanceof IdentityError && WRONG_PASSWORD.includes(error.code)) return { kind: "wrong-password" };
        throw error;
      }
      const subject = subjectOf(session);
      const facts = await deps.store.facts(subject);
      const block = blockOf(facts);
      if (block) return { kind: "blocked", block };
      if (facts.cardSubscriptionId && deps.billing) await deps.billing.cancelSubscription(facts.cardSubscriptionId);
      const [emailHash, userIdHash] = await Promise.all([deps.pseudonyms.email(subject.email), deps.pseudonyms.userId(subject.userId)]);
      await deps.store.erase(subject, emailHash, {
        staffEmail: emailHash,
        action: "account.erased",
        applicationId: facts.latestApplicationId,
        details: { by: "member", memberNumber: facts.memberNumber, userIdHash, cardSubscriptionCancelled: facts.cardSubscriptionId !== null },
      });
      try {
        await deps.files.sweep();
      } catch (error) {
        deps.log.warn("privacy.erased_files_left_for_daily_job", { userIdHash, error });
      }
      await deps.identity.deleteAccount(idToken);
      deps.log.info("privacy.account_erased", { userIdHash });
      return { kind: "erased" };
    },
  };
}
