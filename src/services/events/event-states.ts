/**
 * The state the site shows for an event (docs/decisions/0066, 0078): the CMS's, unless staff
 * cancelled, postponed or reopened it from /staff/events/{id}, which is recorded in D1 and shown
 * at once, without waiting for an editor or the content cache. A postponement lasts until an
 * editor gives the event a new start in the CMS or staff reopen it on new dates; a cancellation
 * lasts for good. Staff's new dates stand while the CMS still gives the start they were set
 * over: an editor's later new start wins.
 */
import type { EventStateChange, SocietyEvent } from "../../domain/events";
import type { ContentService } from "../content/content-service";

/** The event on staff's new dates, when they apply: its programme moves by as much as its start. */
function onNewDates(event: SocietyEvent, change: EventStateChange): SocietyEvent {
  const moved = change.newDates;
  if (!moved || moved.cmsStartsAt !== event.startsAt) return event;
  const shift = Date.parse(moved.startsAt) - Date.parse(event.startsAt);
  const shifted = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : new Date(Date.parse(iso) + shift).toISOString());
  return {
    ...event,
    startsAt: moved.startsAt,
    endsAt: moved.endsAt,
    programme: event.programme.map((session) => ({ ...session, startsAt: shifted(session.startsAt), endsAt: session.endsAt === null ? null : shifted(session.endsAt) })),
    // An editor's "postponed" in the CMS is answered by staff's reopening too.
    state: event.state === "postponed" ? "scheduled" : event.state,
    ...(change.reopenedAt ? { rescheduledAt: change.reopenedAt } : {}),
  };
}

export function withStateChange(event: SocietyEvent, change: EventStateChange | undefined): SocietyEvent {
  if (!change || event.state === "cancelled") return event;
  const dated = onNewDates(event, change);
  if (change.state === "cancelled") return { ...dated, state: "cancelled" };
  if (change.state === "reopened") return dated;
  return change.startsAt === dated.startsAt ? { ...dated, state: "postponed" } : dated;
}

/** The content service, its events carrying staff's state changes. */
export function withEventStates(content: ContentService, changes: { all: () => Promise<EventStateChange[]> }): ContentService {
  return {
    ...content,
    async events() {
      const [events, all] = await Promise.all([content.events(), changes.all()]);
      if (all.length === 0) return events;
      const byEvent = new Map(all.map((change) => [change.eventId, change]));
      return events.map((event) => withStateChange(event, byEvent.get(event.id)));
    },
  };
}
