/**
 * One attendee's ticket by its code: the page a transferred place's e-mail links to, since the new
 * attendee may have no account and the buyer's tickets page is the buyer's. Whoever holds the
 * code holds the ticket (it is what the QR code says), so the page shows nothing the ticket does
 * not: the event, the name on it, and, for an online event, the joining link from its set time
 * before the start, as the buyer's page does. A code passed on, cancelled or refunded finds nothing.
 */
import type { PlaceTransferStore } from "../../adapters/d1/event-place-transfers";
import type { TicketPage } from "../../domain/events";
import { AppError } from "../../errors";
import type { ContentService } from "../content/content-service";

export interface TicketPageDeps {
  content: Pick<ContentService, "events">;
  store: Pick<PlaceTransferStore, "byTicketCode">;
  now: () => Date;
}

const CODE = /^[A-Za-z0-9_-]{16,64}$/;

export function createTicketPage(deps: TicketPageDeps) {
  return async function ticketPage(code: string): Promise<TicketPage> {
    const place = CODE.test(code) ? await deps.store.byTicketCode(code) : null;
    const event = place ? (await deps.content.events()).find((e) => e.id === place.eventId) : undefined;
    if (!place || !event || event.state === "cancelled") throw new AppError("NOT_FOUND", "This ticket is not valid: it may have been passed to someone else, cancelled or refunded");
    const now = deps.now().getTime();
    const opens = Date.parse(event.startsAt) - event.joinOpensMinutesBefore * 60_000;
    const online = event.format !== "in-person" && event.joinUrl !== null;
    return {
      event,
      place,
      ticketName: event.ticketTypes.find((t) => t.code === place.ticketCode)?.name ?? place.ticketCode,
      joinUrl: online && now >= opens && now < Date.parse(event.endsAt) ? event.joinUrl : null,
      joinOpensAt: event.format !== "in-person" && now < opens ? new Date(opens) : null,
    };
  };
}
