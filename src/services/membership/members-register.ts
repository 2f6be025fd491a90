/**
 * The staff members register (/staff/members): every membership record with its state in words
 * (the one rule, member-state.ts, at this moment), period end, payment method and the latest
 * e-mail written to the member; filtered by state in SQL (member-state-windows.ts), paged by key,
 * searched by name, e-mail, reference or member number, and exported as CSV streamed page by
 * page (formulas neutralised, services/csv.ts; the export itself is audited: who, when, which
 * filter and how many rows); and one member's page with their timeline.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { MemberTimelineStore } from "../../adapters/d1/member-timeline";
import type { MembersRegisterStore, RegisterCursor, RegisterPageRow, RegisterQuery, RegisterRow } from "../../adapters/d1/members-register";
import type { MemberTimeline } from "../../domain/member-timeline";
import type { RegisterEntry, RegisterFilter } from "../../domain/membership-lifecycle";
import type { KeysetPage, PageCursor } from "../../domain/paging";
import { AppError } from "../../errors";
import type { CsvColumn } from "../csv";
import { offerDownload, type ExportSource, type OfferedExport } from "../csv-stream";
import { decodeCursor, keysetPage } from "../page-cursor";
import { memberState } from "./member-state";
import { stateWindows } from "./member-state-windows";
import { newestFirst } from "./member-timeline";

export interface MembersRegisterDeps {
  store: MembersRegisterStore;
  timeline: MemberTimelineStore;
  audit: AuditLog;
  graceDays: number;
  now: () => Date;
  /** The most rows one download holds; past it the export is made in the background. */
  downloadMaxRows: number;
}

/** Rows on one screen of the register. */
export const REGISTER_PAGE_ROWS = 100;
/** Counted exactly up to this many; past it the list says "more than". */
export const REGISTER_COUNT_CAP = 1_000;

/**
 * Each tab's order, as its caption says: the live states by the soonest period end (open-ended
 * last), the lapsed by the latest end, cancelled and unpaid by the latest change, all by the
 * latest period end.
 */
export const REGISTER_ORDER: Record<RegisterFilter, RegisterQuery["order"]> = {
  active: { key: "period_end", descending: false },
  renewal_due: { key: "period_end", descending: false },
  in_grace: { key: "period_end", descending: false },
  lapsed: { key: "period_end", descending: true },
  cancelled: { key: "changed", descending: true },
  awaiting_payment: { key: "changed", descending: true },
  all: { key: "period_end", descending: true },
};

/** The register's columns, with `stateWords` (the view's words) for the state. */
const memberColumns = (stateWords: (entry: RegisterEntry) => string): readonly CsvColumn<RegisterEntry>[] => [
  ["Member number", (e) => e.memberNumber ?? null],
  ["Name", (e) => e.name],
  ["E-mail", (e) => e.record.email],
  ["Phone", (e) => e.phone ?? null],
  ["Address line 1", (e) => e.address?.line1 ?? null],
  ["Address line 2", (e) => e.address?.line2 ?? null],
  ["Town", (e) => e.address?.town ?? null],
  ["Region", (e) => e.address?.region ?? null],
  ["Postcode", (e) => e.address?.postcode ?? null],
  ["Country", (e) => e.address?.country ?? null],
  ["Reference", (e) => e.reference],
  ["Membership", (e) => e.record.membershipTitle],
  ["State", stateWords],
  ["Period start", (e) => e.record.periodStart],
  ["Period end", (e) => e.record.periodEnd],
  ["Payment method", (e) => e.record.paymentMethod],
  ["Last e-mail", (e) => (e.lastEmail ? `${e.lastEmail.kind} (${e.lastEmail.status}) ${e.lastEmail.createdAt}` : null)],
];

/**
 * A tab of the register as an export source, every state worked out as of `asOf` (a background
 * export keeps the moment it was asked for, so its pages agree with each other).
 */
export function memberExportSource(
  deps: Pick<MembersRegisterDeps, "store" | "graceDays">,
  filter: RegisterFilter,
  search: string,
  asOf: Date,
  stateWords: (entry: RegisterEntry) => string,
): ExportSource<RegisterEntry, RegisterCursor> {
  const q: RegisterQuery = { windows: stateWindows(filter, deps.graceDays, asOf), order: REGISTER_ORDER[filter], search: search.trim().toLowerCase() };
  return {
    columns: memberColumns(stateWords),
    async count(cap) {
      const total = await deps.store.count(q, cap);
      return total.more ? Math.max(total.count, cap) : total.count;
    },
    async page(cursor, limit) {
      const rows = await deps.store.page(q, cursor, limit);
      const last = rows.at(-1);
      return {
        rows: rows.map(({ row }) => ({ ...row, state: memberState(row.record, deps.graceDays, asOf) })),
        next: rows.length === limit && last ? { direction: "after", key: last.key, userId: last.row.record.userId } : null,
      };
    },
  };
}

export type MembersRegister = ReturnType<typeof createMembersRegister>;

export function createMembersRegister(deps: MembersRegisterDeps) {
  const query = (filter: RegisterFilter, search: string, now: Date): RegisterQuery => ({
    windows: stateWindows(filter, deps.graceDays, now),
    order: REGISTER_ORDER[filter],
    search: search.trim().toLowerCase(),
  });
  const entry = (row: RegisterRow, now: Date): RegisterEntry => ({ ...row, state: memberState(row.record, deps.graceDays, now) });
  const keyOf = ({ row, key }: RegisterPageRow) => ({ key, id: row.record.userId });
  const storeCursor = (direction: RegisterCursor["direction"], key: number | string, userId: string): RegisterCursor => ({ direction, key, userId });

  return {
    /** One page of a tab from `cursor` (the first without one), with the tab's total. */
    async list(filter: RegisterFilter, search: string, cursor: PageCursor | null): Promise<KeysetPage<RegisterEntry>> {
      const now = deps.now();
      const q = query(filter, search, now);
      const at = cursor ? decodeCursor(cursor.token) : null;
      const [read, total] = await Promise.all([
        deps.store.page(q, cursor && at ? storeCursor(cursor.direction, at.key, at.id) : null, REGISTER_PAGE_ROWS + 1),
        deps.store.count(q, REGISTER_COUNT_CAP + 1),
      ]);
      const page = keysetPage(read, REGISTER_PAGE_ROWS, cursor?.direction ?? null, keyOf);
      return {
        rows: page.rows.map(({ row }) => entry(row, now)),
        next: page.next,
        previous: page.previous,
        total: total.more || total.count > REGISTER_COUNT_CAP ? { count: REGISTER_COUNT_CAP, more: true } : total,
      };
    },

    /** A member's page: their record as the list shows it and their timeline; null for no such member. */
    async timeline(userId: string): Promise<MemberTimeline | null> {
      const [row, entries, customFields] = await Promise.all([deps.store.byUser(userId), deps.timeline.entries(userId), deps.timeline.customFields(userId)]);
      if (!row) return null;
      return { member: entry(row, deps.now()), entries: newestFirst(entries), customFields };
    },

    /**
     * Every record of the tab as CSV, streamed a page at a time, with `stateWords` (the view's
     * words) for the state column. Counted first: past what one download can hold it is refused
     * (`tooMany`) and the background export is offered instead. The audit entry names who took
     * it, the filter and how many rows.
     */
    export(staffEmail: string, filter: RegisterFilter, search: string, stateWords: (entry: RegisterEntry) => string): Promise<OfferedExport> {
      return offerDownload(memberExportSource(deps, filter, search, deps.now(), stateWords), deps.downloadMaxRows, (count) =>
        deps.audit.record({ staffEmail, action: "members.exported", details: { status: filter, search, count } }).run().then(() => undefined),
      );
    },
  };
}
