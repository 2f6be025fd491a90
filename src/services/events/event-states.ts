/**
 * The state the site shows for an event (docs/decisions/0066): the CMS's, unless staff cancelled
 * or postponed it from /staff/events/{id}, which is recorded in D1 and shown at once, without
 * waiting for an editor or the content cache. A postponement lasts until an editor gives the
 * event a new start in the CMS; a cancellation lasts for good.
 */
import type { EventStateChange, SocietyEvent } from "../../domain/events";
import type { ContentService } from "../content/content-service";

export function withStateChange(event: SocietyEvent, change: EventStateChange | undefined): SocietyEvent {
  if (!change || event.state === "cancelled") return event;
  if (change.state === "cancelled") return { ...event, state: "cancelled" };
  return change.startsAt === event.startsAt ? { ...event, state: "postponed" } : event;
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
