import type { Order } from "../../domain/orders";
import { hrefs } from "../../shared/links";
import { ScreenTitle } from "../components/screen-title";
import { SummaryRow } from "../components/summary-row";
import { ActionButton } from "../forms/action-button";
import { formatPence } from "../format";

/**
 * /user/orders/:id/cancel: the confirm step before a buyer cancels an unused order within 14
 * days, for a full refund to their card; or, when it can no longer be, the reason why.
 */
export function CancelOrderContent({ order, refusal, csrfToken }: { order: Order; refusal: string | null; csrfToken: string }) {
  return (
    <div className="screen">
      <ScreenTitle>{`Cancel order ${order.reference}`}</ScreenTitle>
      <dl className="summary-list">
        <SummaryRow label="Items">{order.lines.map((line) => line.title).join(", ")}</SummaryRow>
        <SummaryRow label="Amount">{formatPence(order.totalPence)}</SummaryRow>
      </dl>
      {refusal ? (
        <p data-cancel-refused>{refusal}.</p>
      ) : (
        <>
          <p>
            You can cancel an online purchase within 14 days, while none of its webinars has started. We refund the full amount to the card you paid with, and you will no
            longer be able to watch these webinars. We e-mail you a credit note.
          </p>
          <ActionButton action={hrefs.cancelOrder(order.id)} csrfToken={csrfToken} label="Cancel the order and refund me" />
        </>
      )}
      <p>
        <a href={hrefs.myWebinars}>Back to my webinars</a>
      </p>
    </div>
  );
}
