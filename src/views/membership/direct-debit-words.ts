/** How the site names a Direct Debit and the state of its first collection, to members and staff alike. */
import type { DirectDebitScheme, DirectDebitState } from "../../domain/membership";
import { formatDate } from "../format";

export const DIRECT_DEBIT_NAMES: Readonly<Record<DirectDebitScheme, string>> = {
  bacs_debit: "Direct Debit (Bacs)",
  sepa_debit: "Direct Debit (SEPA)",
};

/** The state of a Direct Debit's collection, as the staff screens show it. */
export const DIRECT_DEBIT_STATE_LABELS: Readonly<Record<DirectDebitState, string>> = {
  pending: "Direct Debit pending",
  failed: "Direct Debit failed",
};

/** What a member is told while their bank has not yet paid: never more than is true. */
export const DIRECT_DEBIT_PENDING_TEXT = "Direct Debit pending — we will confirm when your bank pays.";

/**
 * A yearly renewal the bank is collecting by Direct Debit (services/payments/renewal-debit.ts):
 * neither paid nor unpaid yet, and said so to staff and the member alike, with when it began.
 */
export const renewalDebitPendingText = (since: string) => `Renewal by Direct Debit: collection pending since ${formatDate(new Date(since))}`;
