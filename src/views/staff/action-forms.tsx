/** The two forms staff use on a record awaiting payment: record money received offline, or close it with a reason. */
import type { ReactNode } from "react";
import { CheckboxField } from "../forms/choice-fields";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { formatPence } from "../format";
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

export const errorIn = (problems: readonly FieldProblem[], field: string) => problems.find((p) => p.field === field)?.message ?? null;

export interface OfflinePaymentFormProps extends ActionFormProps {
  values: PaymentFormValues;
  /** Today and the record's first day (YYYY-MM-DD, London): the dates the payment may have arrived. */
  today: string;
  earliest: string;
  /** What recording the payment does. */
  intro: ReactNode;
  dateHint: string;
  /** More fields, after the payment reference. */
  children?: ReactNode;
}

export function OfflinePaymentForm({ action, csrfToken, problems, values, today, earliest, intro, dateHint, children }: OfflinePaymentFormProps) {
  return (
    <section className="staff-action" aria-labelledby="record-payment-title">
      <h2 id="record-payment-title">Record an offline payment</h2>
      <ErrorSummary problems={problems} title="The payment was not recorded" />
      {intro}
      <form method="post" action={action} className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <StaffField id="amount" label="Amount received, in pounds" hint="For example, 45 or 45.50" inputMode="decimal" maxLength={12} value={values.amount} error={errorIn(problems, "amount")} />
        <StaffField id="receivedOn" label="Date received" kind="date" hint={dateHint} min={earliest} max={today} value={values.receivedOn} error={errorIn(problems, "receivedOn")} />
        <StaffField
          id="paymentReference"
          label="Payment reference"
          hint="The bank transfer reference, cheque number or receipt number"
          maxLength={100}
          value={values.paymentReference}
          error={errorIn(problems, "paymentReference")}
        />
        {children}
        <div className="form__actions">
          <button type="submit" className="button">
            Record payment
          </button>
        </div>
      </form>
    </section>
  );
}

export interface ReasonFormProps extends ActionFormProps {
  reason: string;
  /** The section's id prefix, heading, field label and hint, button, and the error summary's title. */
  id: string;
  title: string;
  label: string;
  hint: string;
  button: string;
  failed: string;
}

/** Closing a record (rejecting, cancelling) with a reason kept on it. */
export function ReasonForm({ action, csrfToken, problems, reason, id, title, label, hint, button, failed }: ReasonFormProps) {
  return (
    <section className="staff-action" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <ErrorSummary problems={problems} title={failed} />
      <form method="post" action={action} className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <StaffField id="reason" label={label} kind="textarea" hint={hint} maxLength={500} value={reason} error={errorIn(problems, "reason")} />
        <div className="form__actions">
          <button type="submit" className="button button--secondary">
            {button}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * Asks staff to confirm a received amount other than what is due, tied to that very amount (a
 * changed amount asks again). Nothing when the amount matched.
 */
export function ConfirmDifferentAmount({
  differentAmount,
  due,
  problems,
}: {
  differentAmount: number | null;
  due: { pence: number; name: string; record: "order" | "application" };
  problems: readonly FieldProblem[];
}) {
  if (differentAmount === null) return null;
  return (
    <>
      <input type="hidden" name="confirmedPence" value={String(differentAmount)} />
      <CheckboxField
        id="confirmAmount"
        label={`${formatPence(differentAmount)} was received, though ${due.name} is ${formatPence(due.pence)}`}
        hint={`Record what was actually received. The difference stays on the ${due.record}'s record.`}
        error={errorIn(problems, "confirmAmount")}
      />
    </>
  );
}
