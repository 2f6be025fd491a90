import type { MembershipRevocation, OrderRevocation, RefundablePayment } from "../../domain/refunds";
import { RadioGroup, type RadioOption } from "../forms/choice-fields";
import { ErrorSummary } from "../forms/error-summary";
import { formatPence } from "../format";
import { errorIn, type ActionFormProps } from "./action-forms";
import { StaffField } from "./staff-field";

export interface RefundFormValues<Revoke extends string = OrderRevocation> {
  amount: string;
  reason: string;
  /** Null until staff choose (a membership refund asks each time). */
  revoke: Revoke | null;
}

export interface RefundFormProps extends ActionFormProps {
  payment: RefundablePayment;
  values: RefundFormValues<string>;
  /** What the refund may take back: an order's webinars (the default) or a membership. */
  takeBack?: TakeBackChoice;
  /** A fresh key per form shown: sending the same form twice refunds once. */
  idempotencyKey: string;
}

/** The question about what the refund takes back: its field name, legend and answers. */
export interface TakeBackChoice {
  field: string;
  legend: string;
  options: readonly RadioOption[];
}

const ORDER_CHOICE: TakeBackChoice = {
  field: "revoke",
  legend: "What the buyer bought",
  options: [
    { value: "keep", label: "Let the buyer keep the webinars", hint: "For a goodwill or partial refund." },
    { value: "revoke-webinars", label: "Take the webinars back now", hint: "The buyer can no longer watch this order's webinars." },
  ] satisfies { value: OrderRevocation; label: string; hint: string }[],
};

/** The membership a refunded join or renewal payment paid for. */
export const MEMBERSHIP_CHOICE: TakeBackChoice = {
  field: "membership",
  legend: "The membership",
  options: [
    { value: "keep", label: "Keep the membership as it is", hint: "For a goodwill or partial refund: nothing changes, and it renews as usual." },
    {
      value: "end-at-period-end",
      label: "Leave it to run to the period end",
      hint: "The member keeps access until the end of the period paid for; it does not renew (a card subscription is set to cancel then).",
    },
    { value: "end-now", label: "End the membership now", hint: "Member access ends today (a card subscription is cancelled in Stripe now)." },
  ] satisfies { value: MembershipRevocation; label: string; hint: string }[],
};

/**
 * Refunding all or part of a payment, with a reason. A card payment is refunded through Stripe;
 * an offline one is recorded as paid back (staff send the money themselves). Each refund gets a
 * credit note and an e-mail to the payer.
 */
export function RefundForm({ action, csrfToken, problems, payment, values, idempotencyKey, takeBack = ORDER_CHOICE }: RefundFormProps) {
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
        <StaffField id="refundReason" label="Reason for the refund" kind="textarea" hint={`Between 5 and 500 characters. Printed on the credit note and sent to the ${payment.source === "order" ? "buyer" : "member"}.`} maxLength={500} value={values.reason} error={errorIn(problems, "refundReason")} />
        <RadioGroup id={takeBack.field} legend={takeBack.legend} options={takeBack.options} value={values.revoke} error={errorIn(problems, takeBack.field)} />
        <div className="form__actions">
          <button type="submit" className="button button--secondary">
            {payment.method === "card" ? "Refund through Stripe" : "Record refund"}
          </button>
        </div>
      </form>
    </section>
  );
}
