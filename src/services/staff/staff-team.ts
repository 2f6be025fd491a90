/**
 * Who is staff, with which role: found for each staff request from the session's verified
 * address, and managed by administrators on /staff/team. The addresses in STAFF_EMAILS become
 * administrators the first time they sign in (only a verified address counts), unless an
 * administrator has removed them since. Every change is in the staff audit log. Removing a
 * member or resetting their second factor signs out every session of theirs that passed it, so a
 * session on a lost device never regains staff access when a new factor is set up.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { SessionStore } from "../../adapters/d1/sessions";
import type { SecondFactorStore } from "../../adapters/d1/staff-second-factors";
import type { StaffStore } from "../../adapters/d1/staff";
import type { Session } from "../../domain/session";
import { isStaffRole, type StaffMember, type StaffRole, type TeamMember } from "../../domain/staff";
import { AppError } from "../../errors";
import type { Logger } from "../../log";

export interface StaffTeamDeps {
  staff: StaffStore;
  secondFactors: SecondFactorStore;
  sessions: Pick<SessionStore, "revokePassedSecondFactor">;
  audit: AuditLog;
  /** STAFF_EMAILS, lower case. */
  seedEmails: readonly string[];
  batch: (statements: D1PreparedStatement[]) => Promise<unknown>;
  log: Logger;
}

/** A form's problem, with the field it belongs to. */
export class TeamFormError extends Error {
  override readonly name = "TeamFormError";
  constructor(
    readonly field: "email" | "role",
    message: string,
  ) {
    super(message);
  }
}

const EMAIL = /^[^@\s<>",]+@[^@\s<>",]+\.[^@\s<>",]+$/;

/** The address a form gave, lower case, or a TeamFormError saying what is wrong with it. */
export function teamEmail(raw: unknown): string {
  const email = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  if (email === "") throw new TeamFormError("email", "Enter the staff member's e-mail address");
  if (email.length > 254 || !EMAIL.test(email)) throw new TeamFormError("email", "Enter an e-mail address like name@example.org");
  return email;
}

export function teamRole(raw: unknown): StaffRole {
  if (!isStaffRole(raw)) throw new TeamFormError("role", "Choose a role");
  return raw;
}

export type StaffTeam = ReturnType<typeof createStaffTeam>;

export function createStaffTeam(deps: StaffTeamDeps) {
  return {
    /** The staff member this session belongs to, or null (not staff, or the address not verified). */
    async memberFor(session: Session | null): Promise<StaffMember | null> {
      const email = session?.emailVerified ? session.email?.toLowerCase() : null;
      if (!email) return null;
      const member = await deps.staff.member(email);
      if (member || !deps.seedEmails.includes(email)) return member;
      // The first sign-in of an address in STAFF_EMAILS: an administrator, unless removed before.
      await deps.batch([
        deps.staff.seed(email),
        deps.audit.record({ staffEmail: email, action: "staff.seeded", details: { email, role: "admin", from: "STAFF_EMAILS" } }, { afterChange: true }),
      ]);
      const seeded = await deps.staff.member(email);
      if (seeded) deps.log.info("staff.seeded", { role: seeded.role });
      return seeded;
    },

    list(): Promise<TeamMember[]> {
      return deps.staff.list();
    },

    /** Adds a staff member (or brings back a removed one); an address already on the team is a form error. */
    async add(by: string, rawEmail: unknown, rawRole: unknown): Promise<{ email: string; role: StaffRole }> {
      const email = teamEmail(rawEmail);
      const role = teamRole(rawRole);
      if (await deps.staff.member(email)) throw new TeamFormError("email", `${email} is already on the team: change their role in the list below`);
      await deps.batch([
        deps.staff.add(email, role, by),
        deps.audit.record({ staffEmail: by, action: "staff.added", details: { email, role } }, { afterChange: true }),
      ]);
      return { email, role };
    },

    async changeRole(by: string, rawEmail: unknown, rawRole: unknown): Promise<{ email: string; role: StaffRole }> {
      const email = teamEmail(rawEmail);
      const role = teamRole(rawRole);
      if (email === by) throw new AppError("CONFLICT", "You cannot change your own role: another administrator must. Nothing has been changed.");
      const current = await deps.staff.member(email);
      if (!current) throw new AppError("NOT_FOUND", `${email} is not on the team`);
      await deps.batch([
        deps.staff.changeRole(email, role),
        deps.audit.record({ staffEmail: by, action: "staff.role_changed", details: { email, from: current.role, to: role } }, { afterChange: true }),
      ]);
      return { email, role };
    },

    /** Removes a staff member; their second factor is forgotten (and the sessions that passed it signed out), so coming back means setting it up again. */
    async remove(by: string, rawEmail: unknown): Promise<string> {
      const email = teamEmail(rawEmail);
      if (email === by) throw new AppError("CONFLICT", "You cannot remove yourself: another administrator must. Nothing has been changed.");
      const current = await deps.staff.member(email);
      if (!current) throw new AppError("NOT_FOUND", `${email} is not on the team`);
      await deps.batch([
        deps.staff.remove(email),
        deps.audit.record({ staffEmail: by, action: "staff.removed", details: { email, role: current.role } }, { afterChange: true }),
        ...deps.secondFactors.forget(email),
        deps.sessions.revokePassedSecondFactor(email),
      ]);
      return email;
    },

    /**
     * Forgets a member's second factor (a lost phone) and signs out the sessions that passed it:
     * they sign in again and set up a new one at their next staff page.
     */
    async resetSecondFactor(by: string, rawEmail: unknown): Promise<string> {
      const email = teamEmail(rawEmail);
      const current = await deps.staff.member(email);
      if (!current) throw new AppError("NOT_FOUND", `${email} is not on the team`);
      await deps.batch([
        deps.audit.record({ staffEmail: by, action: "staff.second_factor_reset", details: { email } }),
        ...deps.secondFactors.forget(email),
        deps.sessions.revokePassedSecondFactor(email),
      ]);
      return email;
    },
  };
}
