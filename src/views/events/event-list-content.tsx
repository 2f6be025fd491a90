import type { EventFormat, SocietyEvent } from "../../domain/events";
import { hrefs } from "../../shared/links";
import { PageHeader } from "../components/page-header";
import { FORMAT_WORDS, hoursText, whenText } from "./event-words";

export interface EventListContentProps {
  upcoming: readonly SocietyEvent[];
  past: readonly SocietyEvent[];
  months: readonly string[];
  filter: { format: EventFormat | null; month: string | null; cpd: boolean };
}

const monthWords = (month: string) => new Date(`${month}-15T12:00:00Z`).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

function EventCard({ event, headingLevel }: { event: SocietyEvent; headingLevel: 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <li className="card">
      <Heading className="card__title">
        <a href={hrefs.event(event.slug)}>{event.name}</a>
      </Heading>
      <p className="card__meta">
        {whenText(event)} · {FORMAT_WORDS[event.format]}
        {event.venue ? ` · ${event.venue.name}` : ""}
        {event.cpdHoursHundredths !== null ? ` · ${hoursText(event.cpdHoursHundredths)}` : ""}
      </p>
      {event.state !== "scheduled" ? <p className="notice">{event.state === "cancelled" ? "Cancelled" : "Postponed"}</p> : null}
      {event.summary ? <p>{event.summary}</p> : null}
    </li>
  );
}

/** Upcoming events (filtered by format, month and CPD with a plain GET form) and the archive of past ones. */
export function EventListContent({ upcoming, past, months, filter }: EventListContentProps) {
  return (
    <>
      <PageHeader title="Events" lede="Conferences, study days, courses and online workshops. All times are UK time." />
      <form method="get" action={hrefs.events} className="filters" aria-label="Filter events">
        <div className="field">
          <label className="field__label" htmlFor="format">Format</label>
          <select className="field__input" id="format" name="format" defaultValue={filter.format ?? ""}>
            <option value="">Any format</option>
            {Object.entries(FORMAT_WORDS).map(([value, label]) => (
              <option key={value} value={value}>{label}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="month">Month</label>
          <select className="field__input" id="month" name="month" defaultValue={filter.month ?? ""}>
            <option value="">Any month</option>
            {months.map((month) => (
              <option key={month} value={month}>{monthWords(month)}</option>
            ))}
          </select>
        </div>
        <div className="choice">
          <input className="choice__input" type="checkbox" id="cpd" name="cpd" value="1" defaultChecked={filter.cpd} />
          <label className="choice__label" htmlFor="cpd">Counts for CPD</label>
        </div>
        <button type="submit" className="button button--secondary">Show events</button>
      </form>
      <section aria-labelledby="upcoming-events" className="screen-section">
        <h2 id="upcoming-events">Upcoming events</h2>
        {upcoming.length > 0 ? (
          <ul className="card-grid">
            {upcoming.map((event) => (
              <EventCard key={event.id} event={event} headingLevel={3} />
            ))}
          </ul>
        ) : (
          <p className="notice">No upcoming events match. Try another format or month.</p>
        )}
      </section>
      {past.length > 0 ? (
        <section aria-labelledby="past-events" className="screen-section">
          <h2 id="past-events">Past events</h2>
          <ul className="card-grid">
            {past.map((event) => (
              <EventCard key={event.id} event={event} headingLevel={3} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
