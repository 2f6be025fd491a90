/** Where a member's Direct Debit stands while the bank has not paid, or after it did not (docs/decisions/0064). */
import type { Application } from "../../domain/membership";
import { formatPence } from "../format";
import { DIRECT_DEBIT_PENDING_TEXT } from "./direct-debit-words";

export function DirectDebitNotice({ application, what }: { application: Pick<Application, "directDebitState" | "amountDuePence">; what: "membership" | "renewal" }) {
  if (application.directDebitState === "pending") {
    return (
      <div className="notice notice--info" role="status" data-direct-debit="pending">
        <p>
          <strong>{DIRECT_DEBIT_PENDING_TEXT}</strong> Your bank takes a few working days to pay the {formatPence(application.amountDuePence)}.{" "}
          {what === "membership"
            ? "Your membership starts when it has, and we will e-mail your receipt then."
            : "Your membership carries on meanwhile; it is renewed, and your receipt e-mailed, when the money arrives."}
        </p>
      </div>
    );
  }
  if (application.directDebitState === "failed") {
    return (
      <div className="notice notice--info" role="status" data-direct-debit="failed">
        <p>
          Your bank did not pay the Direct Debit, so nothing has been taken and your {what === "membership" ? "membership has not started" : "renewal is not yet paid"}. Choose
          how to pay below.
        </p>
      </div>
    );
  }
  return null;
}
