/**
 * A membership's state in words (the rule is services/membership/member-state.ts): "Active until
 * 31 March 2027", "Renewal due: ends on 31 March 2027", "In grace period until 30 April 2027",
 * "Lapsed on 30 April 2027"… Dates are London days, as every date on the site.
 */
import type { MembershipRecord } from "../../domain/membership";
import type { MemberState } from "../../domain/membership-lifecycle";
import { renewalDebitPendingText } from "./direct-debit-words";
import { formatDate } from "../format";

const day = (moment: string) => formatDate(new Date(moment));

/** The state as one sentence-case phrase (plain text: the staff CSV and pages share it). */
export function memberStateWords(state: MemberState): string {
  switch (state.kind) {
    case "active":
      if (state.until && state.ending) return `Active until ${day(state.until)}, then ends: not renewing`;
      return state.until ? `Active until ${day(state.until)}` : "Active";
    case "renewal_due":
      return `Renewal due: ends on ${day(state.on)}`;
    case "in_grace":
      return `In grace period until ${day(state.until)}`;
    case "lapsed":
      return state.since ? `Lapsed on ${day(state.since)}` : "Lapsed";
    case "cancelled":
      return "Cancelled";
    case "awaiting_payment":
      return "Awaiting payment";
  }
}

/**
 * A register row's state: a renewal the bank is still collecting by Direct Debit says so instead
 * of "renewal due" or "in grace", so no one chases as unpaid a member whose money is on its way.
 */
export function registerStateWords(entry: { state: MemberState; record: Pick<MembershipRecord, "renewalDebit"> }): string {
  return entry.record.renewalDebit ? renewalDebitPendingText(entry.record.renewalDebit.since) : memberStateWords(entry.state);
}

/** The phrase, with the state's kind for tests and styles. */
export function MemberStateWords({ state }: { state: MemberState }) {
  return (
    <strong data-member-state={state.kind}>
      {memberStateWords(state)}
    </strong>
  );
}
