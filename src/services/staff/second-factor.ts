/**
 * The staff's second factor: a TOTP secret set up once (shown as text and an otpauth:// URI,
 * confirmed with a first code), then a code at every sign-in, checked here at the edge. A code
 * is good once (its 30-second step is remembered), ten recovery codes stand in for a lost phone
 * (each once), and after five wrong codes in fifteen minutes the member must wait. Passing marks
 * the session row, never the browser.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { SessionStore } from "../../adapters/d1/sessions";
import type { SecondFactorStore } from "../../adapters/d1/staff-second-factors";
import type { Session } from "../../domain/session";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { newRecoveryCode, normalRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash } from "./recovery-codes";
import type { SecretBox } from "./secret-box";
import { base32Encode, matchingStep, otpauthUri, TOTP_DIGITS } from "./totp";

export const MAX_WRONG_CODES = 5;
export const WRONG_CODE_WINDOW_SECONDS = 15 * 60;
const SECRET_BYTES = 20;

export interface SecondFactorDeps {
  store: SecondFactorStore;
  sessions: SessionStore;
  box: SecretBox;
  audit: AuditLog;
  /** The issuer authenticator apps show (the site's name). */
  issuer: string;
  nowSeconds: () => number;
  log: Logger;
}

/** The code field's problem (shown next to it; status 422). */
export class SecondFactorCodeError extends Error {
  override readonly name = "SecondFactorCodeError";
}

export interface Enrolment {
  /** base32, grouped in fours for typing. */
  secret: string;
  uri: string;
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;

const TOTP_INPUT = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

export function createSecondFactor(deps: SecondFactorDeps) {
  const { store } = deps;

  async function secretOf(email: string, sealed: string): Promise<Uint8Array> {
    const secret = await deps.box.open(sealed, email);
    if (!secret) {
      deps.log.error("staff.second_factor_unreadable", {});
      throw new AppError("INTERNAL", "The second factor could not be read (was STAFF_TOTP_KEY changed?). An administrator can reset it on the team page.");
    }
    return secret;
  }

  async function refuseWhenLocked(email: string): Promise<void> {
    const wrong = await store.failuresSince(email, deps.nowSeconds() - WRONG_CODE_WINDOW_SECONDS);
    if (wrong >= MAX_WRONG_CODES) {
      deps.log.warn("staff.second_factor_locked", {});
      throw new AppError("RATE_LIMITED", `Too many wrong codes. Wait ${WRONG_CODE_WINDOW_SECONDS / 60} minutes, then try again.`);
    }
  }

  async function wrong(email: string, message: string): Promise<never> {
    await store.recordFailure(email, deps.nowSeconds());
    throw new SecondFactorCodeError(message);
  }

  /** What was typed as a TOTP code: six digits, spaces ignored. */
  function totpInput(raw: unknown): string | null {
    const code = typeof raw === "string" ? raw.replace(/\s/g, "") : "";
    return TOTP_INPUT.test(code) ? code : null;
  }

  async function passed(session: Session, email: string, how: string): Promise<void> {
    await store.clearFailures(email);
    await deps.sessions.markSecondFactor(session.id, deps.nowSeconds());
    deps.log.info("staff.second_factor_passed", { how });
  }

  return {
    /** The pending secret to set up (a new one unless one is already waiting); refused once set up. */
    async enrolment(email: string): Promise<Enrolment> {
      const current = await store.find(email);
      if (current?.confirmed) throw new AppError("CONFLICT", "Your second factor is already set up. An administrator can reset it on the team page.");
      let secret = current ? await deps.box.open(current.secret, email) : null;
      if (!secret) {
        secret = crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
        await store.savePending(email, await deps.box.seal(secret, email));
      }
      const base32 = base32Encode(secret);
      return { secret: base32.replace(/(.{4})(?=.)/g, "$1 "), uri: otpauthUri(deps.issuer, email, base32) };
    },

    /** Confirms the pending secret with a first code; returns the recovery codes, shown once. */
    async confirmEnrolment(session: Session, email: string, rawCode: unknown): Promise<string[]> {
      await refuseWhenLocked(email);
      const current = await store.find(email);
      if (!current || current.confirmed) throw new AppError("CONFLICT", "There is no second factor waiting to be set up. Open the set-up page again.");
      const code = totpInput(rawCode);
      if (!code) throw new SecondFactorCodeError(`Enter the ${TOTP_DIGITS}-digit code your authenticator app shows`);
      const step = await matchingStep(await secretOf(email, current.secret), code, deps.nowSeconds());
      if (step === null) return wrong(email, "That code is not right. Check the app's clock and that you typed the key exactly, then try the newest code.");
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      if (!(await store.confirm(email, step, await Promise.all(codes.map(recoveryCodeHash))))) {
        throw new AppError("CONFLICT", "Your second factor was set up in another window. Sign in with it.");
      }
      await deps.audit.record({ staffEmail: email, action: "staff.second_factor_enrolled", details: {} }).run();
      await passed(session, email, "enrolment");
      return codes;
    },

    /** Checks a TOTP code or a recovery code and marks the session as having passed. */
    async verify(session: Session, email: string, rawCode: unknown): Promise<{ how: "code" | "recovery-code"; recoveryCodesLeft: number | null }> {
      await refuseWhenLocked(email);
      const current = await store.find(email);
      if (!current?.confirmed) throw new AppError("CONFLICT", "Set up your second factor first.");
      const code = totpInput(rawCode);
      if (code) {
        const step = await matchingStep(await secretOf(email, current.secret), code, deps.nowSeconds());
        if (step === null) return wrong(email, "That code is not right. Try the newest code your app shows.");
        if (!(await store.useStep(email, step))) return wrong(email, "That code has already been used. Wait for the next one.");
        await passed(session, email, "code");
        return { how: "code", recoveryCodesLeft: null };
      }
      const recovery = typeof rawCode === "string" ? normalRecoveryCode(rawCode) : null;
      if (!recovery) {
        if (typeof rawCode !== "string" || rawCode.trim() === "") throw new SecondFactorCodeError("Enter the code from your authenticator app, or a recovery code");
        return wrong(email, `Enter the ${TOTP_DIGITS}-digit code from your authenticator app, or a recovery code like abcde-fghjk`);
      }
      if (!(await store.useRecoveryCode(email, await recoveryCodeHash(recovery)))) return wrong(email, "That recovery code is not right or has been used.");
      const left = await store.unusedRecoveryCodes(email);
      await deps.audit.record({ staffEmail: email, action: "staff.recovery_code_used", details: { left } }).run();
      await passed(session, email, "recovery-code");
      return { how: "recovery-code", recoveryCodesLeft: left };
    },
  };
}
