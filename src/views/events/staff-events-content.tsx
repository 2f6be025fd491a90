import type { EventSales } from "../../domain/events";
import { PageHeader } from "../components/page-header";
import { formatPence } from "../format";
import { whenText } from "./event-words";

/** Every event with its sales by ticket type, places left, waiting list, revenue and VAT. */
export function StaffEventsContent({ events }: { events: readonly EventSales[] }) {
  return (
    <>
      <PageHeader title="Events" lede="Sales by ticket type (confirmed bookings), places left now, the waiting list, revenue and the VAT in it." />
      {events.map(({ event, tickets, waiting, grossPence, vatPence }) => (
        <section key={event.id} aria-labelledby={`event-${event.id}`} className="screen-section">
          <h2 id={`event-${event.id}`}>
            <a href={`/staff/events/${event.id}`}>{event.name}</a>
          </h2>
          <p>
            {whenText(event)} · {event.state} · {`${waiting} on the waiting list`} · <a href={`/staff/events/${event.id}/check-in`}>Check-in</a>
          </p>
          <table className="table">
            <caption className="visually-hidden">{`Sales of ${event.name}`}</caption>
            <thead>
              <tr><th scope="col">Ticket</th><th scope="col">Sold</th><th scope="col">Places left</th><th scope="col">Revenue</th><th scope="col">VAT</th></tr>
            </thead>
            <tbody>
              {tickets.map((t) => (
                <tr key={t.code}>
                  <td>{t.name}</td>
                  <td>{t.sold}</td>
                  <td>{t.left === null ? "No limit" : t.left}</td>
                  <td>{formatPence(t.grossPence)}</td>
                  <td>{formatPence(t.vatPence)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">Total</th>
                <td />
                <td />
                <td>{formatPence(grossPence)}</td>
                <td>{formatPence(vatPence)}</td>
              </tr>
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
