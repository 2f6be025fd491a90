import type { WatchableWebinar } from "../../domain/orders";
import type { Order } from "../../domain/orders";
import { DateTime } from "../components/date-time";
import { formatPence } from "../format";
import { ActionButton } from "../forms/action-button";
import { hrefs } from "../../shared/links";
import { SummaryRow } from "../components/summary-row";
import type { CheckoutNotice } from "../../domain/billing";
import { CheckoutNoticeBox, type CheckoutNoticeTexts } from "../components/checkout-notice";
import { ScreenTitle } from "../components/screen-title";

export interface UserWebinarsContentProps {
  webinars: readonly WatchableWebinar[];
  awaiting: readonly Order[];
  history: readonly Order[];
  /** The order just placed (its page clears the browser's cart). */
  justOrdered: Order | null;
  notice: CheckoutNotice;
  cardPayments: boolean;
  offlineInstructions: string;
  csrfToken: string;
  /** Orders the buyer may still cancel for a full refund (14 days, unused). */
  cancellable?: ReadonlySet<string>;
  /** Why an order within the 14 days cannot be cancelled, where the buyer may not expect it (a join link was handed out). */
  notCancellable?: ReadonlyMap<string, string>;
  /** Back from cancelling an order. */
  cancelled?: boolean;
}

const NOTICES: CheckoutNoticeTexts = {
  confirmed: "Thank you. Your card payment is confirmed: your webinars are below.",
  confirming: "Thank you. Stripe is confirming your card payment; your webinars appear here as soon as it does. Reload this page in a minute.",
  cancelled: "You left the card payment page, so nothing was charged. Your order is below: pay by card again, or by bank transfer.",
  unavailable: "We could not open the card payment page just now. Your order is saved below: try again in a few minutes, or pay by bank transfer.",
};

const METHOD: Record<Order["paymentMethod"], string> = { card: "Card", offline: "Bank transfer", free: "Free" };

const itemsText = (order: Order) => order.lines.map((line) => line.title).join(", ");

/** /user/webinars: what the user may watch, orders awaiting payment, and past orders. */
export function UserWebinarsContent(props: UserWebinarsContentProps) {
  const upcoming = props.webinars.filter((w) => w.upcoming);
  const recordings = props.webinars.filter((w) => !w.upcoming);
  return (
    <div className="account-screen">
      <ScreenTitle>My webinars</ScreenTitle>
      <CheckoutNoticeBox notice={props.notice} texts={NOTICES} name="order" />
      {props.cancelled ? (
        <div className="notice notice--success" role="status" data-order-cancelled>
          <p>Your order is cancelled and the full amount is being refunded to your card. We have e-mailed you a credit note.</p>
        </div>
      ) : null}
      {props.justOrdered ? (
        <div className="notice notice--success" role="status" data-cart-clear="" data-order={props.justOrdered.reference}>
          <p>
            {props.justOrdered.status === "paid"
              ? `Thank you. ${itemsText(props.justOrdered)} ${props.justOrdered.lines.length === 1 ? "is" : "are"} now yours.`
              : `Thank you. Your order ${props.justOrdered.reference} is saved and awaiting payment.`}
          </p>
        </div>
      ) : null}

      {props.awaiting.map((order) => (
        <section key={order.id} className="screen-section" aria-labelledby={`order-${order.id}`} data-order-awaiting={order.reference}>
          <h2 id={`order-${order.id}`}>{`Order ${order.reference}: awaiting payment`}</h2>
          <dl className="summary-list">
            <SummaryRow label="Items">{itemsText(order)}</SummaryRow>
            <SummaryRow label="Amount due"><strong>{formatPence(order.totalPence)}</strong></SummaryRow>
            <SummaryRow label="Your payment reference"><strong>{order.reference}</strong></SummaryRow>
          </dl>
          {order.paymentMethod === "card" && props.cardPayments ? (
            <div className="button-row">
              <ActionButton action={`/user/orders/${order.id}/pay-by-card`} csrfToken={props.csrfToken} label="Pay by card" />
              <ActionButton action={`/user/orders/${order.id}/pay-offline`} csrfToken={props.csrfToken} label="Pay by bank transfer instead" secondary />
            </div>
          ) : (
            <>
              <p>{props.offlineInstructions}</p>
              <p>Your webinars appear here on the day we receive your payment.</p>
              {props.cardPayments ? <ActionButton action={`/user/orders/${order.id}/pay-by-card`} csrfToken={props.csrfToken} label="Pay by card instead" secondary /> : null}
            </>
          )}
        </section>
      ))}

      <section className="screen-section" aria-labelledby="coming-up">
        <h2 id="coming-up">Coming up</h2>
        {upcoming.length === 0 ? (
          <p>
            No live webinars booked. <a href={hrefs.webinars}>Browse webinars</a>
          </p>
        ) : (
          <WebinarList webinars={upcoming} />
        )}
      </section>
      <section className="screen-section" aria-labelledby="recordings">
        <h2 id="recordings">Recordings</h2>
        {recordings.length === 0 ? <p>No recordings yet.</p> : <WebinarList webinars={recordings} />}
      </section>

      {props.history.length > 0 ? (
        <section className="screen-section" aria-labelledby="order-history">
          <h2 id="order-history">Your orders</h2>
          <table className="data-table">
            <caption className="visually-hidden">Your webinar orders</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Reference</th>
                <th scope="col">Items</th>
                <th scope="col">Amount</th>
                <th scope="col">Paid by</th>
                <th scope="col">
                  <span className="visually-hidden">Cancel</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {props.history.map((order) => (
                <tr key={order.id}>
                  <td>
                    <DateTime value={order.updatedAt} style="long" />
                  </td>
                  <td>{order.reference}</td>
                  <td>{itemsText(order)}</td>
                  <td>{formatPence(order.totalPence)}</td>
                  <td>{METHOD[order.paymentMethod]}</td>
                  <td>
                    {props.cancellable?.has(order.id) ? (
                      <a href={hrefs.cancelOrder(order.id)}>
                        Cancel for a refund<span className="visually-hidden">{` (order ${order.reference})`}</span>
                      </a>
                    ) : props.notCancellable?.has(order.id) ? (
                      <span className="field__hint">{props.notCancellable.get(order.id)}.</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <a href={hrefs.receipts}>Your receipts</a> for paid orders, to view or print.
          </p>
        </section>
      ) : null}
    </div>
  );
}

function WebinarList({ webinars }: { webinars: readonly WatchableWebinar[] }) {
  return (
    <ul className="watch-list">
      {webinars.map((w) => (
        <li key={w.id} className="watch-list__item" data-webinar={w.slug}>
          <a href={hrefs.webinar(w.slug)} className="watch-list__title">
            {w.name}
          </a>
          <span className="watch-list__meta">
            <DateTime value={w.start} style="long" />
            {" · "}
            {w.entitlement === "owned" ? "Booked" : "Free for you"}
          </span>
          {w.upcoming ? (
            <a className="watch-list__calendar" href={`${hrefs.webinar(w.slug)}/calendar.ics`} download>
              Add to calendar<span className="visually-hidden"> (.ics): {w.name}</span>
            </a>
          ) : (
            <a className="watch-list__calendar" href={`${hrefs.webinar(w.slug)}#webinar-access`}>
              Watch<span className="visually-hidden"> {w.name}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
