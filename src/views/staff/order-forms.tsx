import { formatPence } from "../format";
import { ConfirmDifferentAmount, OfflinePaymentForm, ReasonForm, type ActionFormProps, type PaymentFormValues } from "./action-forms";

export interface OrderPaymentFormProps extends ActionFormProps {
  values: PaymentFormValues;
  today: string;
  earliest: string;
  totalPence: number;
  /**
   * The amount (pence) typed last time when it differed from the total: staff are asked to
   * confirm that amount before it is recorded.
   */
  differentAmount: number | null;
}

/** Money received offline for this order; recording it lets the buyer watch the order's webinars. */
export function OrderPaymentForm({ totalPence, differentAmount, ...props }: OrderPaymentFormProps) {
  return (
    <OfflinePaymentForm
      {...props}
      intro={<p>{`The order total is ${formatPence(totalPence)}. Recording the payment marks the order paid and lets the buyer watch its webinars at once.`}</p>}
      dateHint="For example, 2026-03-27. Not in the future, and not before the order was placed."
    >
      <ConfirmDifferentAmount differentAmount={differentAmount} due={{ pence: totalPence, name: "the order total", record: "order" }} problems={props.problems} />
    </OfflinePaymentForm>
  );
}

/** Cancelling an order that will not be paid, with a reason kept on its record. */
export function CancelOrderForm(props: ActionFormProps & { reason: string }) {
  return (
    <ReasonForm
      {...props}
      id="cancel"
      title="Cancel the order"
      label="Reason for cancelling"
      hint="Between 5 and 500 characters. Kept on the order's record. The buyer is not given its webinars."
      button="Cancel order"
      failed="The order was not cancelled"
    />
  );
}
