/**
 * The membership office: staff change a member's standing by hand, on the member's page
 * (/staff/members/:userId). Honorary and life memberships (no period end, so no renewal and no
 * reminder), a concession (a reduced yearly price until a date, applied at the renewals before
 * it: renewal-price.ts), suspension (member access ends at once: member-rule.ts), striking off
 * (the membership is cancelled), reinstatement of either, and extending a period by some days.
 * Notes on a member, for staff only.
 *
 * Every action names its reason and is audited with who, when, and the record's values before
 * and after, in the same batch as the change. A change is made only while the record is as the
 * staff member saw it (its `updated_at`, carried in the form): when a colleague changed it
 * meanwhile, nothing is saved and the staff member is told.
 *
 * A card membership Stripe renews by itself is charged and dated by Stripe: the office refuses
 * what Stripe would undo or ignore (honorary, concession, extension, striking off) until its
 * subscription has been ended.
 */
import type { MemberOfficeStore, OfficeColumns } from "../../adapters/d1/member-office";
import type { MembershipStore } from "../../adapters/d1/memberships";
import type { MemberNote, OfficeOutcome, StandingChange } from "../../domain/member-office";
import type { MembershipRecord } from "../../domain/membership";
import { AppError } from "../../errors";
import { renewsAutomatically } from "../../shared/renewal-way";
import { DAY_MS } from "./member-state";

export interface MemberOfficeDeps {
  memberships: Pick<MembershipStore, "forUser">;
  store: MemberOfficeStore;
  newId: () => string;
}

/** As many notes as the timeline shows of each kind. */
export const NOTES_SHOWN = 200;

/** The record's values of the columns an action sets, for the audit entry's "before". */
function valuesOf(record: MembershipRecord, columns: OfficeColumns): OfficeColumns {
  const office = record.office;
  const now: Required<OfficeColumns> = {
    status: record.status,
    period_end: record.periodEnd,
    ends_on: record.endsOn ?? null,
    honour: office?.honour ?? null,
    concession_pence: office?.concession?.pence ?? null,
    concession_until: office?.concession?.until ?? null,
    concession_reason: office?.concession?.reason ?? null,
    suspended_on: office?.suspension?.on ?? null,
    suspension_reason: office?.suspension?.reason ?? null,
    struck_off_on: office?.struckOff?.on ?? null,
    struck_off_reason: office?.struckOff?.reason ?? null,
  };
  return Object.fromEntries(Object.keys(columns).map((name) => [name, now[name as keyof OfficeColumns]]));
}

/** A period end moved on by `days`: a day stays a day (offline periods), an instant an instant. */
export function extendedEnd(periodEnd: string, days: number): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(periodEnd)) return new Date(Date.parse(`${periodEnd}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  return new Date(Date.parse(periodEnd) + days * DAY_MS).toISOString();
}

/** The first field of each change's form on the member's page, where a refusal is shown. */
export const FIRST_FIELD: Record<StandingChange["kind"], string> = {
  honour: "honour",
  concession: "concessionAmount",
  "end-concession": "endConcessionReason",
  suspend: "suspendedOn",
  "strike-off": "struckOffOn",
  reinstate: "reinstateReason",
  extend: "extendDays",
};

type Plan = { columns: OfficeColumns } | { refused: string; field: string };

const refuse = (field: string, refused: string): Plan => ({ field, refused });

/** What a change sets on this record, or why it may not be made. */
export function planChange(record: MembershipRecord, change: StandingChange): Plan {
  const office = record.office;
  const stripeRenews = renewsAutomatically(record);
  const stripeFirst = (what: string) =>
    refuse(FIRST_FIELD[change.kind], `Stripe renews this card membership by itself, so ${what}. End the card subscription first (the member's billing page), then try again.`);
  switch (change.kind) {
    case "honour":
      if (office?.struckOff) return refuse("honour", "This member was struck off. Reinstate them first.");
      if (stripeRenews) return stripeFirst("it would go on charging an honorary or life member");
      return { columns: { honour: change.honour, status: "active", period_end: null, ends_on: null, concession_pence: null, concession_until: null, concession_reason: null } };
    case "concession":
      if (office?.honour) return refuse("concessionAmount", "An honorary or life membership has no renewals to reduce.");
      if (stripeRenews) return stripeFirst("it would charge its own price, not the concession");
      return { columns: { concession_pence: change.pence, concession_until: change.until, concession_reason: change.reason } };
    case "end-concession":
      if (!office?.concession) return refuse("endConcessionReason", "This member has no concession to end.");
      return { columns: { concession_pence: null, concession_until: null, concession_reason: null } };
    case "suspend":
      if (office?.struckOff) return refuse("suspendedOn", "This member was struck off: there is no access left to suspend.");
      if (office?.suspension) return refuse("suspendedOn", "This member is already suspended.");
      return { columns: { suspended_on: change.on, suspension_reason: change.reason } };
    case "strike-off":
      if (office?.struckOff) return refuse("struckOffOn", "This member is already struck off.");
      if (stripeRenews) return stripeFirst("it would go on charging a member who was struck off");
      return { columns: { status: "cancelled", struck_off_on: change.on, struck_off_reason: change.reason, suspended_on: null, suspension_reason: null } };
    case "reinstate":
      if (office?.struckOff) return { columns: { status: "active", struck_off_on: null, struck_off_reason: null } };
      if (office?.suspension) return { columns: { suspended_on: null, suspension_reason: null } };
      return refuse("reinstateReason", "This member is neither suspended nor struck off, so there is nothing to reinstate.");
    case "extend":
      if (office?.honour) return refuse("extendDays", "An honorary or life membership has no end to extend.");
      if (record.status !== "active" || office?.struckOff) return refuse("extendDays", "Only an active membership can be extended. A lapsed one is renewed by recording its payment.");
      if (!record.periodEnd) return refuse("extendDays", "This membership has no end date to extend.");
      if (stripeRenews) return stripeFirst("its period ends when Stripe says");
      return { columns: { period_end: extendedEnd(record.periodEnd, change.days), ...(record.endsOn ? { ends_on: extendedEnd(record.endsOn, change.days).slice(0, 10) } : {}) } };
  }
}

const ACTIONS: Record<StandingChange["kind"], string> = {
  honour: "member.honour.set",
  concession: "member.concession.set",
  "end-concession": "member.concession.ended",
  suspend: "member.suspended",
  "strike-off": "member.struck-off",
  reinstate: "member.reinstated",
  extend: "member.period.extended",
};

export type MemberOffice = ReturnType<typeof createMemberOffice>;

export function createMemberOffice(deps: MemberOfficeDeps) {
  async function recordOf(userId: string): Promise<MembershipRecord> {
    const record = await deps.memberships.forUser(userId);
    if (!record) throw new AppError("NOT_FOUND", "No member with this id");
    return record;
  }
  return {
    /** The member's notes, newest first. */
    notes: (userId: string): Promise<MemberNote[]> => deps.store.notes(userId, NOTES_SHOWN),

    /** Adds a note on a member (their record must exist). */
    async addNote(staffEmail: string, userId: string, body: string): Promise<void> {
      await recordOf(userId);
      const id = deps.newId();
      await deps.store.addNote({ id, userId, body, staffEmail }, { staffEmail, userId, action: "member.note.added", details: { userId, noteId: id } });
    },

    /** Changes the member's standing, if the record is still at `version` and the rules allow it. */
    async changeStanding(staffEmail: string, userId: string, version: string, change: StandingChange): Promise<OfficeOutcome> {
      const record = await recordOf(userId);
      if (record.updatedAt !== version) return { kind: "stale" };
      const plan = planChange(record, change);
      if ("refused" in plan) return { kind: "refused", field: plan.field, message: plan.refused };
      const { kind: _kind, reason, ...asked } = change;
      const done = await deps.store.changeRecord(userId, version, plan.columns, {
        staffEmail,
        userId,
        action: ACTIONS[change.kind],
        details: { userId, reason, ...asked, before: valuesOf(record, plan.columns), after: plan.columns },
      });
      return done ? { kind: "done" } : { kind: "stale" };
    },
  };
}
