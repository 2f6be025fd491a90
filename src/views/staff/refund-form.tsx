import type { OrderRevocation, RefundablePayment } from "../../domain/refunds";
import { RadioGroup } from "../forms/choice-fields";
import { ErrorSummary } from "../forms/error-summary";
import { formatPence } from "../format";
import { errorIn, type ActionFormProps } from "./action-forms";
import { StaffField } from "./staff-field";

export interface RefundFormValues {
  amount: string;
  reason: string;
  revoke: OrderRevocation;
}

export interface RefundFormProps extends ActionFormProps {
  payment: RefundablePayment;
  values: RefundFormValues;
  /** A fresh key per form shown: sending the same form twice refunds once. */
  idempotencyKey: string;
}

const REVOKE_OPTIONS = [
  { value: "keep", label: "Let the buyer keep the webinars", hint: "For a goodwill or partial refund." },
  { value: "revoke-webinars", label: "Take the webinars back now", hint: "The buyer can no longer watch this order's webinars." },
] as const;

/**
 * Refunding all or part of a payment, with a reason. A card payment is refunded through Stripe;
 * an offline one is recorded as paid back (staff send the money themselves). Each refund gets a
 * credit note and an e-mail to the payer.
 */
export function RefundForm({ action, csrfToken, problems, payment, values, idempotencyKey }: RefundFormProps) {
  const left = payment.amountPence - payment.refundedPence;
  return (
    <section className="staff-action" aria-labelledby="refund-title">
      <h2 id="refund-title">Refund</h2>
      <ErrorSummary problems={problems} title="Nothing was refunded" />
      <p>
        {`${formatPence(payment.amountPence)} was paid ${payment.method === "card" ? "by card" : "offline"}; ${formatPence(payment.refundedPence)} has been refunded, so up to ${formatPence(left)} can be. `}
        {payment.method === "card" ? "Stripe returns the money to the card at once." : "Pay the money back yourself (bank transfer or cheque), then record it here."}
      </p>
      <form method="post" action={action} className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="paymentId" value={payment.id} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <StaffField id="refundAmount" label="Amount to refund, in pounds" hint={`At most ${formatPence(left)}. For example, 20 or 20.50`} inputMode="decimal" maxLength={12} value={values.amount} error={errorIn(problems, "refundAmount")} />
        <StaffField id="refundReason" label="Reason for the refund" kind="textarea" hint="Between 5 and 500 characters. Printed on the credit note and sent to the buyer." maxLength={500} value={values.reason} error={errorIn(problems, "refundReason")} />
        <RadioGroup id="revoke" legend="What the buyer bought" options={REVOKE_OPTIONS} value={values.revoke} />
        <div className="form__actions">
          <button type="submit" className="button button--secondary">
            {payment.method === "card" ? "Refund through Stripe" : "Record refund"}
          </button>
        </div>
      </form>
    </section>
  );
}
