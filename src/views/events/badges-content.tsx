import type { Attendee, SocietyEvent } from "../../domain/events";
import { PageHeader } from "../components/page-header";
import { formatDate } from "../format";
import { NextAttendees, PrintPagesNav } from "./print-pages-nav";

export interface BadgesContentProps {
  event: SocietyEvent;
  attendees: readonly Attendee[];
  next: { name: string; id: string } | null;
}

/**
 * Name badges, eight to an A4 sheet (two across, four down, each 90 × 62 mm, cut along the dashed
 * lines): the name large enough to read across a room, then the ticket and the event.
 */
export function BadgesContent({ event, attendees, next }: BadgesContentProps) {
  const ticketName = (code: string) => event.ticketTypes.find((t) => t.code === code)?.name ?? code;
  const path = `/staff/events/${event.id}/badges`;
  return (
    <>
      <div className="no-print">
        <PageHeader title="Name badges" lede={`${event.name}: ${attendees.length} ${attendees.length === 1 ? "badge" : "badges"}, eight to a sheet`} />
        <PrintPagesNav eventId={event.id} what="name badges" />
      </div>
      {attendees.length === 0 ? (
        <p>No one has booked yet: there are no badges to print.</p>
      ) : (
        <ul className="name-badges" aria-label={`Name badges for ${event.name}`}>
          {attendees.map((a) => (
            <li key={a.id} className="name-badge">
              <span className="name-badge__name">{a.name}</span>
              <span className="name-badge__ticket">{ticketName(a.ticketCode)}</span>
              <span className="name-badge__event">{`${event.name} · ${formatDate(new Date(event.startsAt))}`}</span>
            </li>
          ))}
        </ul>
      )}
      <NextAttendees path={path} next={next} />
    </>
  );
}
