import { OfflinePaymentForm, ReasonForm, type ActionFormProps, type PaymentFormValues } from "./action-forms";

/** Money received offline for this application; recording it activates the membership. */
export function PaymentForm(props: ActionFormProps & { values: PaymentFormValues; today: string; earliest: string }) {
  return (
    <OfflinePaymentForm
      {...props}
      intro={<p>Recording the payment activates the membership for a year from the date the money was received.</p>}
      dateHint="For example, 2026-03-27. Not in the future, and not before the application was submitted."
    />
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
