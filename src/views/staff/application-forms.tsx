import { formatPence } from "../format";
import { ConfirmDifferentAmount, OfflinePaymentForm, ReasonForm, type ActionFormProps, type PaymentFormValues } from "./action-forms";

export interface PaymentFormProps extends ActionFormProps {
  values: PaymentFormValues;
  today: string;
  earliest: string;
  amountDuePence: number;
  /** The amount (pence) typed last time when it differed from what is due: staff confirm it before it is recorded. */
  differentAmount: number | null;
}

/** Money received offline for this application; recording it activates the membership. */
export function PaymentForm({ amountDuePence, differentAmount, ...props }: PaymentFormProps) {
  return (
    <OfflinePaymentForm
      {...props}
      intro={<p>{`The amount due is ${formatPence(amountDuePence)}. Recording the payment activates the membership for a year from the date the money was received.`}</p>}
      dateHint="For example, 2026-03-27. Not in the future, and not before the application was submitted."
    >
      <ConfirmDifferentAmount differentAmount={differentAmount} due={{ pence: amountDuePence, name: "the amount due", record: "application" }} problems={props.problems} />
    </OfflinePaymentForm>
  );
}

/** Turning the application down, with a reason kept on its record. */
export function RejectForm(props: ActionFormProps & { reason: string }) {
  return (
    <ReasonForm
      {...props}
      id="reject"
      title="Reject"
      label="Reason for rejecting"
      hint="Between 5 and 500 characters. Kept on the application's record."
      button="Reject application"
      failed="The application was not rejected"
    />
  );
}
