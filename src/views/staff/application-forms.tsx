import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { StaffField } from "./staff-field";

export interface PaymentFormValues {
  amount: string;
  receivedOn: string;
  paymentReference: string;
}

export interface ActionFormProps {
  action: string;
  csrfToken: string;
  problems: readonly FieldProblem[];
}

const errorIn = (problems: readonly FieldProblem[], field: string) => problems.find((p) => p.field === field)?.message ?? null;

/** Money received offline for this application; recording it activates the membership. */
export function PaymentForm({ action, csrfToken, problems, values, today, earliest }: ActionFormProps & { values: PaymentFormValues; today: string; earliest: string }) {
  return (
    <section className="staff-action" aria-labelledby="record-payment-title">
      <h2 id="record-payment-title">Record an offline payment</h2>
      <ErrorSummary problems={problems} title="The payment was not recorded" />
      <p>Recording the payment activates the membership for a year from the date the money was received.</p>
      <form method="post" action={action} className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <StaffField id="amount" label="Amount received, in pounds" hint="For example, 45 or 45.50" inputMode="decimal" maxLength={12} value={values.amount} error={errorIn(problems, "amount")} />
        <StaffField
          id="receivedOn"
          label="Date received"
          kind="date"
          hint="For example, 2026-03-27. Not in the future, and not before the application was submitted."
          min={earliest}
          max={today}
          value={values.receivedOn}
          error={errorIn(problems, "receivedOn")}
        />
        <StaffField
          id="paymentReference"
          label="Payment reference"
          hint="The bank transfer reference, cheque number or receipt number"
          maxLength={100}
          value={values.paymentReference}
          error={errorIn(problems, "paymentReference")}
        />
        <div className="form__actions">
          <button type="submit" className="button">
            Record payment
          </button>
        </div>
      </form>
    </section>
  );
}

/** Turning the application down, with a reason kept on its record. */
export function RejectForm({ action, csrfToken, problems, reason }: ActionFormProps & { reason: string }) {
  return (
    <section className="staff-action" aria-labelledby="reject-title">
      <h2 id="reject-title">Reject</h2>
      <ErrorSummary problems={problems} title="The application was not rejected" />
      <form method="post" action={action} className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <StaffField id="reason" label="Reason for rejecting" kind="textarea" hint="Between 5 and 500 characters. Kept on the application's record." maxLength={500} value={reason} error={errorIn(problems, "reason")} />
        <div className="form__actions">
          <button type="submit" className="button button--secondary">
            Reject application
          </button>
        </div>
      </form>
    </section>
  );
}
