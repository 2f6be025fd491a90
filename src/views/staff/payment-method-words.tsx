/** How staff read how an application is paid: the method, or the Direct Debit scheme with where its collection stands. */
import type { Application } from "../../domain/membership";
import { DIRECT_DEBIT_NAMES, DIRECT_DEBIT_STATE_LABELS } from "../membership/direct-debit-words";
import { METHOD_LABELS } from "./labels";

type Paid = Pick<Application, "paymentMethod" | "directDebit" | "directDebitState">;

export function paymentMethodWords(a: Paid): string {
  if (a.paymentMethod !== "card" || !a.directDebit) return METHOD_LABELS[a.paymentMethod];
  const state = a.directDebitState ? `: ${DIRECT_DEBIT_STATE_LABELS[a.directDebitState].replace("Direct Debit ", "")}` : "";
  return `${DIRECT_DEBIT_NAMES[a.directDebit]}${state}`;
}

/** The words, marked with the Direct Debit's state (for the eye: a pending or failed collection stands out). */
export function PaymentMethodWords({ application }: { application: Paid }) {
  const state = application.paymentMethod === "card" && application.directDebit ? (application.directDebitState ?? null) : null;
  return state ? (
    <strong data-direct-debit-state={state}>{paymentMethodWords(application)}</strong>
  ) : (
    <>{paymentMethodWords(application)}</>
  );
}
