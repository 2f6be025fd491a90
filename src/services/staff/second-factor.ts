/**
 * The staff's second factor: a TOTP secret set up once (shown as text and an otpauth:// URI,
 * confirmed with a first code), then a code at every sign-in, checked here at the edge. A code
 * is good once (its 30-second step is remembered), ten recovery codes stand in for a lost phone
 * (each once), and after five wrong codes in fifteen minutes the member must wait. Each attempt
 * is counted as a wrong code before its code is looked at (and forgotten when it proves right), in
 * one statement that refuses the sixth: a burst of parallel guesses gets five checked, no more.
 * A pending secret is shown to, and confirmed from, only the session that started the set-up.
 * Passing marks the session row, never the browser.
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

  /** Counts this attempt as a wrong code up front (cleared if it proves right); refused, unchecked, after five. */
  async function countAttempt(email: string): Promise<void> {
    const now = deps.nowSeconds();
    if (!(await store.countAttempt(email, now, now - WRONG_CODE_WINDOW_SECONDS, MAX_WRONG_CODES))) {
      deps.log.warn("staff.second_factor_locked", {});
      throw new AppError("RATE_LIMITED", `Too many wrong codes. Wait ${WRONG_CODE_WINDOW_SECONDS / 60} minutes, then try again.`);
    }
  }

  /** A wrong code (already counted). */
  function wrong(message: string): never {
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
    /**
     * The pending secret for this session to set up: the one it started, or a new one (which
     * replaces any another session started, so no other session ever sees it); refused once set up.
     */
    async enrolment(session: Session, email: string): Promise<Enrolment> {
      const current = await store.find(email);
      if (current?.confirmed) throw new AppError("CONFLICT", "Your second factor is already set up. An administrator can reset it on the team page.");
      let secret = current && current.pendingSessionId === session.id ? await deps.box.open(current.secret, email) : null;
      if (!secret) {
        secret = crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
        await store.savePending(email, await deps.box.seal(secret, email), session.id);
      }
      const base32 = base32Encode(secret);
      return { secret: base32.replace(/(.{4})(?=.)/g, "$1 "), uri: otpauthUri(deps.issuer, email, base32) };
    },

    /** Confirms the pending secret with a first code; returns the recovery codes, shown once. */
    async confirmEnrolment(session: Session, email: string, rawCode: unknown): Promise<string[]> {
      const current = await store.find(email);
      if (!current || current.confirmed || current.pendingSessionId !== session.id) {
        throw new AppError("CONFLICT", "There is no second factor waiting to be set up in this session. Open the set-up page again.");
      }
      const code = totpInput(rawCode);
      if (!code) throw new SecondFactorCodeError(`Enter the ${TOTP_DIGITS}-digit code your authenticator app shows`);
      await countAttempt(email);
      const step = await matchingStep(await secretOf(email, current.secret), code, deps.nowSeconds());
      if (step === null) return wrong("That code is not right. Check the app's clock and that you typed the key exactly, then try the newest code.");
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      if (!(await store.confirm(email, session.id, step, await Promise.all(codes.map(recoveryCodeHash))))) {
        throw new AppError("CONFLICT", "Your second factor was set up in another window. Sign in with it.");
      }
      await deps.audit.record({ staffEmail: email, action: "staff.second_factor_enrolled", details: {} }).run();
      await passed(session, email, "enrolment");
      return codes;
    },

    /** Checks a TOTP code or a recovery code and marks the session as having passed. */
    async verify(session: Session, email: string, rawCode: unknown): Promise<{ how: "code" | "recovery-code"; recoveryCodesLeft: number | null }> {
      const current = await store.find(email);
      if (!current?.confirmed) throw new AppError("CONFLICT", "Set up your second factor first.");
      if (typeof rawCode !== "string" || rawCode.trim() === "") throw new SecondFactorCodeError("Enter the code from your authenticator app, or a recovery code");
      await countAttempt(email);
      const code = totpInput(rawCode);
      if (code) {
        const step = await matchingStep(await secretOf(email, current.secret), code, deps.nowSeconds());
        if (step === null) return wrong("That code is not right. Try the newest code your app shows.");
        if (!(await store.useStep(email, step))) return wrong("That code has already been used. Wait for the next one.");
        await passed(session, email, "code");
        return { how: "code", recoveryCodesLeft: null };
      }
      const recovery = normalRecoveryCode(rawCode);
      if (!recovery) return wrong(`Enter the ${TOTP_DIGITS}-digit code from your authenticator app, or a recovery code like abcde-fghjk`);
      if (!(await store.useRecoveryCode(email, await recoveryCodeHash(recovery)))) return wrong("That recovery code is not right or has been used.");
      const left = await store.unusedRecoveryCodes(email);
      await deps.audit.record({ staffEmail: email, action: "staff.recovery_code_used", details: { left } }).run();
      await passed(session, email, "recovery-code");
      return { how: "recovery-code", recoveryCodesLeft: left };
    },
  };
}
