import type { Attendee, SocietyEvent } from "../../domain/events";
import { PageHeader } from "../components/page-header";
import { whenText } from "./event-words";
import { NextAttendees, PrintPagesNav } from "./print-pages-nav";

export interface SignInSheetContentProps {
  event: SocietyEvent;
  attendees: readonly Attendee[];
  next: { name: string; id: string } | null;
}

/**
 * The paper sign-in sheet for the door, on A4: attendees by name with their ticket, a box to tick
 * on arrival (ticked already for anyone checked in) and room to sign. The column headings repeat
 * on every sheet and no row is split across two.
 */
export function SignInSheetContent({ event, attendees, next }: SignInSheetContentProps) {
  const ticketName = (code: string) => event.ticketTypes.find((t) => t.code === code)?.name ?? code;
  const place = event.venue?.name ?? (event.format === "online" ? "Online" : null);
  return (
    <div className="sign-in-sheet">
      <PageHeader title="Sign-in sheet" lede={`${event.name}, ${whenText(event)}${place ? `, ${place}` : ""}`} />
      <PrintPagesNav eventId={event.id} what="sign-in sheet" />
      {attendees.length === 0 ? (
        <p>No one has booked yet.</p>
      ) : (
        <table className="table sign-in-sheet__table">
          <caption className="visually-hidden">{`Attendees of ${event.name}, by name`}</caption>
          <thead>
            <tr>
              <th scope="col" className="sign-in-sheet__number">No.</th>
              <th scope="col">Name</th>
              <th scope="col">Ticket</th>
              <th scope="col" className="sign-in-sheet__arrived">Arrived</th>
              <th scope="col" className="sign-in-sheet__signature">Signature</th>
            </tr>
          </thead>
          <tbody>
            {attendees.map((a, i) => (
              <tr key={a.id}>
                <td className="sign-in-sheet__number">{i + 1}</td>
                <td>{a.name}</td>
                <td>{ticketName(a.ticketCode)}</td>
                <td className="sign-in-sheet__arrived">{a.checkedInAt ? "✓ Checked in" : <span className="sign-in-sheet__box" aria-label="Not yet" role="img" />}</td>
                <td className="sign-in-sheet__signature" />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <NextAttendees path={`/staff/events/${event.id}/sign-in-sheet`} next={next} />
    </div>
  );
}
