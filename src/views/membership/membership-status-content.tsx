import type { ReactNode } from "react";
import type { DirectDebitScheme } from "../../domain/membership";
import { DirectDebitNotice } from "./direct-debit-notice";
import { DIRECT_DEBIT_NAMES, renewalDebitPendingText } from "./direct-debit-words";
import type { Application, Payment } from "../../domain/membership";
import type { BillingDetails } from "../../shared/billing-details";
import type { MembershipRecord } from "../../domain/membership";
import type { SafeHtml } from "../../domain/content";
import { DateTime } from "../components/date-time";
import { RichText } from "../components/rich-text";
import { formatPence } from "../format";
import { ActionButton } from "../forms/action-button";
import { SummaryRow } from "../components/summary-row";
import type { CheckoutNotice } from "../../domain/billing";
import { CheckoutNoticeBox, type CheckoutNoticeTexts } from "../components/checkout-notice";
import { hrefs } from "../../shared/links";
import { ScreenTitle } from "../components/screen-title";
import type { MemberState } from "../../domain/membership-lifecycle";
import { MemberStateWords } from "./member-state-words";
import { RenewalSection, type RenewalNotice } from "./renewal-section";
import { MembershipChangesSection } from "./membership-changes-section";
import type { MembershipChange } from "../../domain/membership-lifecycle";

export type ShownStatus = "awaiting_payment" | "active" | "lapsed" | "cancelled";

export interface MembershipStatusContentProps {
  record: MembershipRecord | null;
  /** The record's status as it stands today (an active membership past its period and grace has lapsed). */
  status: ShownStatus | null;
  application: Application | null;
  payments: readonly Payment[];
  /** The application was rejected before its payment arrived: the money is owed back. */
  refundDue: boolean;
  /** The join page's success message, right after an application. */
  successMessage: SafeHtml | null;
  offlineInstructions: string;
  /** About a card payment just made, cancelled or unavailable. */
  notice: CheckoutNotice;
  /** Whether card payment (Stripe) is configured. */
  cardPayments: boolean;
  /** The Direct Debit scheme offered beside card (STRIPE_DIRECT_DEBIT); null or absent: none. */
  directDebit?: DirectDebitScheme | null;
  csrfToken: string;
  /** The member number, once the membership has been active. */
  memberNumber?: number | null;
  /** Whether the printable proof of membership is open (an active membership with a number). */
  proofAvailable?: boolean;
  /** The membership's state at this moment (member-state.ts), shown in words. */
  state: MemberState | null;
  /** Renewal and change applications awaiting payment. */
  openApplications: readonly Application[];
  /** An offline member due to renew who has not asked yet: what renewing costs. */
  renewal: { title: string; amountPence: number; billing: BillingDetails | null } | null;
  /** The renewal's billing details as typed, with each problem, after a refused request. */
  renewalBilling?: { values: Partial<Record<string, string>>; errors: Partial<Record<string, string>> } | null;
  /** `?renewal=`: just back from asking to renew, or from leaving (or not reaching) card payment for it. */
  renewalNotice: RenewalNotice;
  /** Just back from changing membership type: what the change did. */
  changed: string | null;
  changes: readonly MembershipChange[];
  /** Staff's review of the application (a membership that needs approval), with the applicant's documents. */
  review?: ReactNode;
}

/** Not to be paid yet: staff have not approved it (docs/decisions/0056). */
const awaitsApproval = (application: Application | null) => application?.vetting === "pending" || application?.vetting === "more_info";

const NOTICES: CheckoutNoticeTexts = {
  confirmed: "Thank you. Your card payment is confirmed and your membership is active.",
  confirming: "Thank you. Stripe is confirming your card payment; your membership becomes active as soon as it does. Reload this page in a minute to see it.",
  cancelled: "You left the card payment page, so nothing was charged. Your application is saved: pay by card again, or by bank transfer or cheque.",
  unavailable: "We could not open the card payment page just now. Your application is saved: try again in a few minutes, or pay by bank transfer or cheque.",
};

const STATUS_TEXT: Record<ShownStatus, string> = {
  awaiting_payment: "Awaiting payment",
  active: "Active",
  lapsed: "Lapsed",
  cancelled: "Cancelled",
};

const METHOD_TEXT: Record<"offline" | "card", string> = { offline: "Bank transfer or cheque", card: "Card" };

/** /user/membership: the member's record, how to pay when payment is due, and receipts. */
export function MembershipStatusContent(props: MembershipStatusContentProps) {
  const { record, status, application, payments } = props;
  return (
    <div className="account-screen">
      <ScreenTitle>Your membership</ScreenTitle>
      <CheckoutNoticeBox notice={props.notice} texts={NOTICES} name="payment" />
      {props.refundDue ? (
        <div className="notice notice--info" role="status" data-refund-due="">
          <p>
            Your application was closed before your payment reached us, so your membership has not started and you will not be charged again. We will
            refund your payment.
          </p>
        </div>
      ) : null}
      {props.successMessage ? (
        <div className="notice notice--success" role="status">
          <RichText html={props.successMessage} />
        </div>
      ) : null}
      {!record || !status ? (
        <>
          <p>You are not a member yet.</p>
          <p>
            <a className="button" href="/join">
              Join the Guild
            </a>
          </p>
        </>
      ) : (
        <>
          <dl className="summary-list" data-membership-status={status}>
            <SummaryRow label="Membership">{record.membershipTitle}</SummaryRow>
            {props.memberNumber ? <SummaryRow label="Member number">{props.memberNumber}</SummaryRow> : null}
            <SummaryRow label="Status">{props.state ? <MemberStateWords state={props.state} /> : <strong>{STATUS_TEXT[status]}</strong>}</SummaryRow>
            {record.renewalDebit ? (
              <SummaryRow label="Renewal">
                <strong data-renewal-debit="pending">{renewalDebitPendingText(record.renewalDebit.since)}</strong>. Your bank has a few working days to pay;
                your membership goes on meanwhile, and we send your receipt when the money arrives.
              </SummaryRow>
            ) : null}
            {record.periodStart ? (
              <SummaryRow label="Member since"><DateTime value={record.periodStart} style="long" /></SummaryRow>
            ) : null}
            {record.periodEnd ? (
              <div className="summary-list__row">
                <dt>{status !== "active" ? "Ended on" : record.paymentMethod === "card" ? "Renews on" : "Paid until"}</dt>
                <dd>
                  <DateTime value={record.periodEnd} style="long" />
                </dd>
              </div>
            ) : null}
            <SummaryRow label="Payment method">{METHOD_TEXT[record.paymentMethod]}</SummaryRow>
          </dl>
          {props.proofAvailable ? (
            <p>
              <a href="/user/membership/proof">Proof of membership</a>: a page to print for an employer or insurer, with your name, member number and
              membership.
            </p>
          ) : null}
          {record.billingStatus === "past_due" && status === "active" ? (
            <div className="notice notice--info" role="status">
              <p>Your last card payment did not go through. Stripe will try again; update your card under “Manage billing” to keep your membership.</p>
            </div>
          ) : null}
          {record.stripeCustomerId && props.cardPayments ? (
            <ActionButton action="/user/membership/billing-portal" csrfToken={props.csrfToken} label="Manage billing and payment card" secondary />
          ) : null}
          {props.review ?? null}
          {awaitsApproval(application) ? null : status === "awaiting_payment" && application?.directDebitState === "pending" ? (
            <section aria-labelledby="how-to-pay" className="screen-section" data-pending-member-email={application.email}>
              <h2 id="how-to-pay">Your payment</h2>
              <DirectDebitNotice application={application} what="membership" />
            </section>
          ) : status === "awaiting_payment" && application && application.paymentMethod === "card" && props.cardPayments ? (
            <section aria-labelledby="how-to-pay" className="screen-section" data-pending-member-email={application.email}>
              <h2 id="how-to-pay">How to pay</h2>
              <DirectDebitNotice application={application} what="membership" />
              <p>
                Your first payment is <strong>{formatPence(application.amountDuePence)}</strong>. You pay on Stripe's secure payment page; your membership
                starts as soon as the payment is confirmed and renews each year until you cancel.
                {props.directDebit ? " By Direct Debit, your bank takes a few working days to pay, and your membership starts when it has." : ""}
              </p>
              <div className="button-row">
                <ActionButton action="/user/membership/pay-by-card" csrfToken={props.csrfToken} label="Pay by card" />
                {props.directDebit ? (
                  <ActionButton action="/user/membership/pay-by-direct-debit" csrfToken={props.csrfToken} label={`Pay by ${DIRECT_DEBIT_NAMES[props.directDebit]}`} secondary />
                ) : null}
                <ActionButton action="/user/membership/pay-offline" csrfToken={props.csrfToken} label="Pay by bank transfer or cheque instead" secondary />
              </div>
            </section>
          ) : status === "awaiting_payment" && application ? (
            <section aria-labelledby="how-to-pay" className="screen-section" data-pending-member-email={application.email}>
              <h2 id="how-to-pay">How to pay</h2>
              <dl className="summary-list">
                <SummaryRow label="Amount due"><strong>{formatPence(application.amountDuePence)}</strong></SummaryRow>
                <SummaryRow label="Your payment reference"><strong>{application.reference}</strong></SummaryRow>
              </dl>
              <p>{props.offlineInstructions}</p>
              <p>Your membership starts on the day we receive your payment. We will e-mail you a receipt.</p>
              {props.cardPayments ? (
                <ActionButton action="/user/membership/pay-by-card" csrfToken={props.csrfToken} label="Pay by card instead" secondary />
              ) : null}
              {props.cardPayments && props.directDebit ? (
                <ActionButton action="/user/membership/pay-by-direct-debit" csrfToken={props.csrfToken} label={`Pay by ${DIRECT_DEBIT_NAMES[props.directDebit]} instead`} secondary />
              ) : null}
            </section>
          ) : null}
          <RenewalSection
            record={record}
            state={props.state}
            openApplications={props.openApplications}
            renewal={props.renewal}
            notice={props.renewalNotice}
            cardPayments={props.cardPayments}
            directDebit={props.cardPayments ? (props.directDebit ?? null) : null}
            offlineInstructions={props.offlineInstructions}
            csrfToken={props.csrfToken}
            billingForm={props.renewalBilling ?? null}
          />
          <MembershipChangesSection
            record={record}
            state={props.state}
            openApplications={props.openApplications}
            changes={props.changes}
            changed={props.changed}
            offlineInstructions={props.offlineInstructions}
          />
          {status === "lapsed" || status === "cancelled" ? (
            <p>
              <a className="button" href="/join">
                Rejoin
              </a>
            </p>
          ) : null}
        </>
      )}
      {payments.length > 0 ? (
        <section aria-labelledby="receipts" className="screen-section">
          <h2 id="receipts">Payments received</h2>
          <table className="data-table">
            <caption className="visually-hidden">Payments received for your membership</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Amount</th>
                <th scope="col">Method</th>
                <th scope="col">Reference</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id}>
                  <td>
                    <DateTime value={p.receivedOn} style="long" />
                  </td>
                  <td>{formatPence(p.amountPence)}</td>
                  <td>{METHOD_TEXT[p.method]}</td>
                  <td>{p.reference}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <a href={hrefs.receipts}>Your receipts</a> for these payments, to view or print.
          </p>
        </section>
      ) : null}
    </div>
  );
}
