/**
 * Staff reopen a postponed event on new dates (/staff/events/{id}, docs/decisions/0078), in one
 * audited action: the new start and end are recorded in D1 and laid over the CMS's (so the site
 * sells again at once, without an editor or the content cache), bookings stand as they are, and
 * every buyer with confirmed places and every other named attendee is e-mailed the new dates
 * (`event-reopened`), all in the one batch that reopens it. The dates are typed on the event's
 * own clock (its time zone), as staff and attendees read them.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { EventStateChangeStore } from "../../adapters/d1/event-state-changes";
import type { ReopenErrors, ReopenForm, SocietyEvent } from "../../domain/events";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { instantOnClock } from "../../shared/zoned-time";
import type { ContentService } from "../content/content-service";
import type { EmailOutbox, EmailRequest } from "../email/outbox";

/** Buyers or attendees read per query; every page is read before the one batch that reopens the event. */
const RECIPIENTS_PER_PAGE = 500;
/** The longest an event may run: an end further off is taken for a mistyped date. */
const MAX_DAYS = 31;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

export interface EventReopeningDeps {
  /** The events as the site shows them (staff's changes laid over the CMS). */
  content: Pick<ContentService, "events">;
  changes: Pick<EventStateChangeStore, "of" | "reopen" | "reopenedOn" | "confirmedBuyers" | "attendeesToTell">;
  audit: Pick<AuditLog, "record">;
  outbox: Pick<EmailOutbox, "prepareMany" | "deliverSoon">;
  now: () => Date;
  log: Logger;
}

export type ReopenOutcome = { ok: true; told: number } | { ok: false; errors: ReopenErrors };

/** A date and a time typed on `timeZone`'s clock as an instant (ms), or null when either is not one. */
function instantOf(date: string, time: string, timeZone: string): number | null {
  const d = DATE.exec(date.trim());
  const t = TIME.exec(time.trim());
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  if (month < 1 || month > 12 || hour > 23 || minute > 59) return null;
  const wallClock = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wallClock).getUTCDate() !== day) return null;
  return instantOnClock(wallClock, timeZone);
}

/** The new start and end the form gives, or what is wrong with it, field by field. */
export function reopenDates(form: ReopenForm, timeZone: string, now: Date): { startsAt: string; endsAt: string } | { errors: ReopenErrors } {
  const errors: ReopenErrors = {};
  if (!DATE.test(form.startDate.trim())) errors.startDate = "Enter the new start date, for example 2027-06-04";
  if (!TIME.test(form.startTime.trim())) errors.startTime = "Enter the new start time, for example 09:00";
  if (!DATE.test(form.endDate.trim())) errors.endDate = "Enter the new end date, for example 2027-06-04";
  if (!TIME.test(form.endTime.trim())) errors.endTime = "Enter the new end time, for example 17:00";
  if (Object.keys(errors).length > 0) return { errors };
  const start = instantOf(form.startDate, form.startTime, timeZone);
  const end = instantOf(form.endDate, form.endTime, timeZone);
  if (start === null) return { errors: { startDate: "This is not a date and time that exists: check the day and the time" } };
  if (end === null) return { errors: { endDate: "This is not a date and time that exists: check the day and the time" } };
  if (start <= now.getTime()) return { errors: { startDate: "The new start is in the past: give a date and time still to come" } };
  if (end <= start) return { errors: { endDate: "The event must end after it starts" } };
  if (end - start > MAX_DAYS * 86_400_000) return { errors: { endDate: `The event would last more than ${MAX_DAYS} days: check the end date` } };
  return { startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() };
}

export type EventReopening = ReturnType<typeof createEventReopening>;

export function createEventReopening(deps: EventReopeningDeps) {
  /** Every buyer with confirmed places and every other named attendee, each told once per address. */
  async function messages(event: SocietyEvent, dates: { startsAt: string; endsAt: string }): Promise<EmailRequest[]> {
    const common = { eventName: event.name, eventSlug: event.slug, startsAt: dates.startsAt, endsAt: dates.endsAt, timeZone: event.timeZone, previousStartsAt: event.startsAt };
    const key = (email: string) => `${event.id}:reopened:${dates.startsAt}:${email.toLowerCase()}`;
    const requests: EmailRequest[] = [];
    for (let after = ""; ; ) {
      const buyers = await deps.changes.confirmedBuyers(event.id, after, RECIPIENTS_PER_PAGE);
      for (const buyer of buyers) {
        requests.push({ kind: "event-reopened", event: key(buyer.email), to: { email: buyer.email, userId: buyer.userId }, data: { ...common, to: "buyer", attendeeName: null } });
      }
      if (buyers.length < RECIPIENTS_PER_PAGE) break;
      after = buyers.at(-1)!.userId;
    }
    for (let after = ""; ; ) {
      const attendees = await deps.changes.attendeesToTell(event.id, after, RECIPIENTS_PER_PAGE);
      for (const attendee of attendees) {
        requests.push({ kind: "event-reopened", event: key(attendee.email), to: { email: attendee.email, userId: null }, data: { ...common, to: "attendee", attendeeName: attendee.name } });
      }
      if (attendees.length < RECIPIENTS_PER_PAGE) break;
      after = attendees.at(-1)!.email;
    }
    return requests;
  }

  return {
    /**
     * Reopens the postponed event on the form's new dates; the form's problems come back field by
     * field, and nothing changes then. A CONFLICT when the event is not one staff postponed.
     */
    async reopen(staffEmail: string, eventId: string, form: ReopenForm): Promise<ReopenOutcome> {
      const event = (await deps.content.events()).find((e) => e.id === eventId);
      if (!event) throw new AppError("NOT_FOUND", "No such event");
      const change = await deps.changes.of(eventId);
      if (event.state !== "postponed" || change?.state !== "postponed") {
        throw new AppError("CONFLICT", "Only an event postponed from its staff page can be reopened there; this one is not postponed now");
      }
      const dates = reopenDates(form, event.timeZone, deps.now());
      if ("errors" in dates) return { ok: false, errors: dates.errors };
      // The CMS's own start the dates are laid over: an earlier reopening's, while its dates are the ones shown.
      const cmsStartsAt = change.newDates && change.newDates.startsAt === event.startsAt ? change.newDates.cmsStartsAt : event.startsAt;
      const requests = await messages(event, dates);
      const email = deps.outbox.prepareMany(requests, { onlyIf: { exists: deps.changes.reopenedOn, params: () => [event.id, dates.startsAt] } });
      const audit = deps.audit.record(
        { staffEmail, action: "event.reopened", details: { eventId, eventName: event.name, from: event.startsAt, startsAt: dates.startsAt, endsAt: dates.endsAt, told: requests.length } },
        { afterChange: true },
      );
      const reopened = await deps.changes.reopen(event.id, { cmsStartsAt, ...dates }, audit, email.statements);
      if (!reopened) throw new AppError("CONFLICT", "The event changed while you were filling in the form (reopened or cancelled by someone else): look at it again");
      await deps.outbox.deliverSoon(email.ids);
      deps.log.info("events.reopened", { eventId, told: requests.length });
      return { ok: true, told: requests.length };
    },
  };
}
