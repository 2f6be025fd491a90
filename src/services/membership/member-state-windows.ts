/**
 * The member-state rule (member-state.ts) turned round for the register's SQL: for a state (or
 * "all") at a moment, which records are in it, as ranges of the period end per stored status.
 * The register filters, counts and pages in D1 with these, so a tab never depends on how many
 * records there are; test/unit/membership/member-state-windows.test.ts holds both forms to the
 * same table of cases.
 *
 * Read from member-state.ts: a non-ending active record is active while its end is more than the
 * renewal window away, renewal due up to the end, in grace for the grace days after it, lapsed
 * from then; an ending one is active until the end and lapsed from it; an open-ended (or
 * unreadable) end counts as "never", so it stays active.
 */
import type { MembershipStatus } from "../../domain/membership";
import { RENEWAL_WINDOW_DAYS, type MemberStateKind, type StateWindow } from "../../domain/membership-lifecycle";
import { DAY_MS } from "./member-state";

export type StateFilter = MemberStateKind | "all";

const STATUSES: readonly MembershipStatus[] = ["active", "lapsed", "cancelled", "awaiting_payment"];

/** The windows whose records are in `filter`'s state at `now`; their union is exactly that state. */
export function stateWindows(filter: StateFilter, graceDays: number, now: Date): StateWindow[] {
  const at = now.getTime();
  const renewalFrom = at + RENEWAL_WINDOW_DAYS * DAY_MS;
  const graceFrom = at - graceDays * DAY_MS;
  switch (filter) {
    case "active":
      return [
        { status: "active", ending: false, after: renewalFrom },
        { status: "active", ending: true, after: at },
      ];
    case "renewal_due":
      return [{ status: "active", ending: false, after: at, upTo: renewalFrom }];
    case "in_grace":
      return [{ status: "active", ending: false, after: graceFrom, upTo: at }];
    case "lapsed":
      return [
        { status: "lapsed" },
        { status: "active", ending: false, upTo: graceFrom },
        { status: "active", ending: true, upTo: at },
      ];
    case "cancelled":
      return [{ status: "cancelled" }];
    case "awaiting_payment":
      return [{ status: "awaiting_payment" }];
    case "all":
      return STATUSES.map((status) => ({ status }));
  }
}
