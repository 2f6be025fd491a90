import type { PostponedCancellationView } from "../../domain/events";
import { hrefs } from "../../shared/links";
import { PageHeader } from "../components/page-header";
import { formatPence } from "../format";
import { whenText } from "./event-words";

const HOW: Record<PostponedCancellationView["refund"], (pence: number) => string> = {
  card: (pence) => `${formatPence(pence)} is refunded to the card you paid with, in full, with a credit note by e-mail. Banks take a few days to show it.`,
  bank: (pence) => `You paid by bank transfer: we will pay ${formatPence(pence)} back to you, in full, and send the credit note once we have.`,
  none: () => "Nothing was paid for these places, so there is nothing to refund.",
};

/**
 * Cancelling a postponed (or moved) event's booking for a full refund: what goes and how the
 * money comes back, then one button (a plain POST); or why it cannot be done.
 */
export function PostponedCancellationContent({ view, csrfToken }: { view: PostponedCancellationView; csrfToken: string }) {
  const { event, bookings } = view;
  return (
    <>
      <PageHeader title={`Cancel your booking: ${event.name}`} lede={whenText(event)} />
      {view.refusal ? (
        <p className="notice notice--warning" role="alert">{view.refusal}</p>
      ) : (
        <section aria-labelledby="what-goes" className="screen-section">
          <h2 id="what-goes">What cancelling does</h2>
          <p>
            {event.state === "postponed"
              ? "This event has been postponed, so you may cancel whatever its usual cancellation policy says."
              : "This event was moved to new dates after you booked, so you may cancel whatever its usual cancellation policy says, until it starts."}
          </p>
          <ul>
            {bookings.map((b) => (
              <li key={b.id}>{b.title}</li>
            ))}
          </ul>
          <p>{`Every place and add-on above is cancelled, and their tickets no longer admit anyone. ${HOW[view.refund](view.amountPence)}`}</p>
          <form method="post" action={hrefs.cancelPostponedBooking(view.booking.id)}>
            <input type="hidden" name="csrfToken" value={csrfToken} />
            <button className="button button--danger" type="submit">Cancel the booking and refund me</button>
          </form>
        </section>
      )}
      <p>
        <a href={hrefs.myEvents}>Back to my events</a>
      </p>
    </>
  );
}
