/**
 * Creating an account at /register: for anyone (a patient, a student, a professional who is not a
 * member) who wants to buy a webinar; joining later uses the same account. Rate limited as
 * sign-in is. An address that already has an account gets the same neutral answer as the reset
 * form gives: nothing here says whether an address exists.
 */
import { IdentityError } from "../../domain/identity-errors";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { PASSWORD_REFUSED_MESSAGE } from "../../shared/password-policy";
import type { RegisterInput } from "../../shared/register-form";
import type { AttemptLimits } from "./attempt-limits";
import type { AuthService, StartedSession } from "./auth-service";

export type RegistrationOutcome =
  /** The account exists and `started` signs it in. */
  | { kind: "registered"; started: StartedSession }
  /** Not created, for a reason the page must not tell (the address has an account). */
  | { kind: "unavailable" }
  /** Problems to show at the fields (nothing was created). */
  | { kind: "problems"; errors: Partial<Record<keyof RegisterInput, string>> };

export interface RegistrationDeps {
  auth: Pick<AuthService, "createAccount">;
  attemptLimits: AttemptLimits;
  /** Where the verification e-mail's link continues to once the address is verified. */
  verifiedContinueUrl: string;
  log: Logger;
}

export type Registration = ReturnType<typeof createRegistration>;

export function createRegistration(deps: RegistrationDeps) {
  return {
    /** Throws AppError RATE_LIMITED over the sign-in limits, AUTH_UNAVAILABLE when Firebase cannot be reached. */
    async register(form: RegisterInput): Promise<RegistrationOutcome> {
      await deps.attemptLimits.check("register", form.email);
      try {
        const started = await deps.auth.createAccount(form.email, form.password, {
          displayName: form.name,
          verify: { continueUrl: deps.verifiedContinueUrl },
        });
        deps.log.info("auth.registered", { userId: started.session.userId });
        return { kind: "registered", started };
      } catch (error) {
        if (!(error instanceof IdentityError)) throw error;
        switch (error.code) {
          case "auth/email-already-in-use":
            return { kind: "unavailable" };
          case "auth/weak-password":
          case "auth/password-does-not-meet-requirements":
            return { kind: "problems", errors: { password: PASSWORD_REFUSED_MESSAGE } };
          case "auth/invalid-email":
            return { kind: "problems", errors: { email: "Enter an e-mail address, like name@example.com" } };
          case "auth/too-many-requests":
            throw new AppError("RATE_LIMITED", "Too many attempts. Please wait a minute and try again.", { cause: error });
          default:
            deps.log.error("auth.register_failed", { code: error.code, restMessage: error.restMessage });
            throw new AppError("AUTH_UNAVAILABLE", "We could not create your account just now. Please try again.", { cause: error });
        }
      }
    },
  };
}
