import type { Application, Payment } from "../../adapters/d1/applications";
import type { MembershipRecord } from "../../adapters/d1/memberships";
import type { SafeHtml } from "../../services/content/model";
import { DateTime } from "../components/date-time";
import { RichText } from "../components/rich-text";
import { formatPrice } from "../format";

export type ShownStatus = "awaiting_payment" | "active" | "lapsed" | "cancelled";

export interface MembershipStatusContentProps {
  record: MembershipRecord | null;
  /** The record's status as it stands today (an active membership past its period and grace has lapsed). */
  status: ShownStatus | null;
  application: Application | null;
  payments: readonly Payment[];
  /** The join page's success message, right after an application. */
  successMessage: SafeHtml | null;
  offlineInstructions: string;
}

const STATUS_TEXT: Record<ShownStatus, string> = {
  awaiting_payment: "Awaiting payment",
  active: "Active",
  lapsed: "Lapsed",
  cancelled: "Cancelled",
};

const pounds = (pence: number) => formatPrice(pence / 100);

const METHOD_TEXT: Record<"offline" | "card", string> = { offline: "Bank transfer or cheque", card: "Card" };

/** /user/membership: the member's record, how to pay when payment is due, and receipts. */
export function MembershipStatusContent(props: MembershipStatusContentProps) {
  const { record, status, application, payments } = props;
  return (
    <div className="account-screen">
      <h1>Your membership</h1>
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
            <div className="summary-list__row">
              <dt>Membership</dt>
              <dd>{record.membershipTitle}</dd>
            </div>
            <div className="summary-list__row">
              <dt>Status</dt>
              <dd>
                <strong>{STATUS_TEXT[status]}</strong>
              </dd>
            </div>
            {record.periodStart ? (
              <div className="summary-list__row">
                <dt>Member since</dt>
                <dd>
                  <DateTime value={record.periodStart} style="long" />
                </dd>
              </div>
            ) : null}
            {record.periodEnd ? (
              <div className="summary-list__row">
                <dt>{status === "active" ? "Renews on" : "Ended on"}</dt>
                <dd>
                  <DateTime value={record.periodEnd} style="long" />
                </dd>
              </div>
            ) : null}
            <div className="summary-list__row">
              <dt>Payment method</dt>
              <dd>{METHOD_TEXT[record.paymentMethod]}</dd>
            </div>
          </dl>
          {status === "awaiting_payment" && application ? (
            <section aria-labelledby="how-to-pay" className="screen-section" data-pending-member-email={application.email}>
              <h2 id="how-to-pay">How to pay</h2>
              <dl className="summary-list">
                <div className="summary-list__row">
                  <dt>Amount due</dt>
                  <dd>
                    <strong>{pounds(application.amountDuePence)}</strong>
                  </dd>
                </div>
                <div className="summary-list__row">
                  <dt>Your payment reference</dt>
                  <dd>
                    <strong>{application.reference}</strong>
                  </dd>
                </div>
              </dl>
              <p>{props.offlineInstructions}</p>
              <p>Your membership starts on the day we receive your payment. We will e-mail you a receipt.</p>
            </section>
          ) : null}
          {status === "lapsed" || status === "cancelled" ? (
            <p>
              <a className="button" href="/join">
                Renew your membership
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
                  <td>{pounds(p.amountPence)}</td>
                  <td>{METHOD_TEXT[p.method]}</td>
                  <td>{p.reference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}
