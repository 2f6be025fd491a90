/**
 * The staff members register (/staff/members): every membership record with its state in words
 * (the one rule, member-state.ts, at this moment), period end, payment method and the latest
 * e-mail written to the member; filtered by state, searched by name, e-mail or reference, and
 * exported as CSV (formulas neutralised, services/csv.ts; the export itself is audited: who, when
 * and with which filter); and one member's page with their timeline.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { MemberTimelineStore } from "../../adapters/d1/member-timeline";
import type { MembersRegisterStore } from "../../adapters/d1/members-register";
import type { MemberTimeline } from "../../domain/member-timeline";
import type { RegisterEntry, RegisterFilter } from "../../domain/membership-year";
import { csvTable, type CsvColumn } from "../csv";
import { memberState } from "./member-state";
import { newestFirst } from "./member-timeline";

export interface MembersRegisterDeps {
  store: MembersRegisterStore;
  timeline: MemberTimelineStore;
  audit: AuditLog;
  graceDays: number;
  now: () => Date;
}

/** How many records are read before filtering by state (the state depends on the moment, not on a column). */
const READ_LIMIT = 20_000;

export function createMembersRegister(deps: MembersRegisterDeps) {
  async function list(filter: RegisterFilter, search: string, limit: number): Promise<RegisterEntry[]> {
    const now = deps.now();
    const rows = await deps.store.list(search, READ_LIMIT);
    const entries = rows.map((row) => ({ ...row, state: memberState(row.record, deps.graceDays, now) }));
    return entries.filter((entry) => filter === "all" || entry.state.kind === filter).slice(0, limit);
  }
  return {
    list,
    /** A member's page: their record as the list shows it and their timeline; null for no such member. */
    async timeline(userId: string): Promise<MemberTimeline | null> {
      const [row, entries] = await Promise.all([deps.store.byUser(userId), deps.timeline.entries(userId)]);
      if (!row) return null;
      return { member: { ...row, state: memberState(row.record, deps.graceDays, deps.now()) }, entries: newestFirst(entries) };
    },
    /** The CSV of what the list shows, with `stateWords` (the view's words) for the state column. */
    async export(staffEmail: string, filter: RegisterFilter, search: string, limit: number, stateWords: (entry: RegisterEntry) => string): Promise<string> {
      const columns: readonly CsvColumn<RegisterEntry>[] = [
        ["Name", (e) => e.name],
        ["E-mail", (e) => e.record.email],
        ["Reference", (e) => e.reference],
        ["Membership", (e) => e.record.membershipTitle],
        ["State", stateWords],
        ["Period start", (e) => e.record.periodStart],
        ["Period end", (e) => e.record.periodEnd],
        ["Payment method", (e) => e.record.paymentMethod],
        ["Last e-mail", (e) => (e.lastEmail ? `${e.lastEmail.kind} (${e.lastEmail.status}) ${e.lastEmail.createdAt}` : null)],
      ];
      const entries = await list(filter, search, limit);
      await deps.audit.record({ staffEmail, action: "members.exported", details: { status: filter, search, count: entries.length } }).run();
      return csvTable(columns, entries);
    },
  };
}
