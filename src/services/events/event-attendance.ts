/**
 * Attendance at events, and the CPD it earns (issue 27; docs/decisions/0061).
 *
 * - In person: checking a ticket in at the door is attendance (staff-events' check-in calls
 *   `credit`).
 * - Online: staff import the attendance report the video platform exports. Whoever stayed for at
 *   least the event's minimum share of its length (`minimumAttendancePercent`, 75 unless the
 *   editors set another) is marked attended; staff may also mark someone by hand.
 *
 * Each attended place then earns one CPD entry written by the society (confirmed, never doubled:
 * one per place), a certificate made out to the attendee's name as booked, and a thank-you e-mail
 * with the certificate's link, all in one batch. Someone who booked and did not attend gets
 * nothing. The entry goes to the account the place belongs to (adapters/d1/event-attendance);
 * a place whose address no account has is marked attended and reported, without an entry.
 */
import type { AttendancePlace, CreditablePlace, EventAttendanceStore } from "../../adapters/d1/event-attendance";
import type { AttendancePreviewStore } from "../../adapters/d1/event-attendance-previews";
import type { EventBookingStore } from "../../adapters/d1/event-bookings";
import { CPD_CATEGORIES } from "../../domain/cpd";
import type { AttendanceImport, CreditOutcome, ImportedPlace } from "../../domain/event-attendance";
import type { SocietyEvent } from "../../domain/events";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";
import type { ContentService } from "../content/content-service";
import type { Notices } from "../email/notices";
import { newCertificateId } from "../cpd/certificates";
import { minutesRequired, readAttendanceReport, type AttendanceReport } from "./attendance-report";

/** Places credited per batch: each brings its thank-you's statement, and a batch stays well inside D1's limits. */
const CREDITS_PER_BATCH = 100;
/** One import marks at most this many places (a few batches); a bigger report is refused, never cut short. */
export const IMPORT_MAX_PLACES = 500;
/** One screen of the by-hand list; the page links to the next. */
export const ATTENDANCE_PAGE = 200;

/** How long a preview is kept for "Import" to record it. */
const PREVIEW_KEPT_MS = 24 * 3600_000;

export type ImportOutcome = { ok: true; result: AttendanceImport } | { ok: false; problems: string[] };
export type PreviewOutcome = { ok: true; result: AttendanceImport; previewId: string } | { ok: false; problems: string[] };

/** The event's facts a report's minutes and the minutes needed are worked out from: a preview is true only while they stay. */
const versionOf = (event: SocietyEvent) => JSON.stringify([event.startsAt, event.endsAt, event.timeZone, event.minimumAttendancePercent]);

export interface EventAttendanceDeps {
  content: Pick<ContentService, "events">;
  store: EventAttendanceStore;
  previews: Pick<AttendancePreviewStore, "save" | "find" | "remove">;
  bookings: Pick<EventBookingStore, "attendeesOfEvent">;
  notices: Pick<Notices, "prepare" | "deliverSoon">;
  batch: (statements: D1PreparedStatement[]) => Promise<unknown>;
  /** Who the CPD entries name as provider (the society). */
  provider: () => Promise<string>;
  newId: () => string;
  newCertificateId?: () => string;
  now: () => Date;
  log: Logger;
}

export type EventAttendance = ReturnType<typeof createEventAttendance>;

const online = (event: SocietyEvent) => event.format !== "in-person";

export function createEventAttendance(deps: EventAttendanceDeps) {
  const certificateId = deps.newCertificateId ?? newCertificateId;

  async function eventById(id: string): Promise<SocietyEvent> {
    const event = (await deps.content.events()).find((e) => e.id === id);
    if (!event) throw new AppError("NOT_FOUND", "No such event");
    return event;
  }

  /** Attendance of an online session is recorded once it has started. */
  function onlineStarted(event: SocietyEvent): void {
    if (!online(event)) throw new AppError("CONFLICT", "This event is in person: check attendees in at the door (Check-in), which records their attendance.");
    if (deps.now().getTime() < Date.parse(event.startsAt)) throw new AppError("CONFLICT", "This event has not started yet: record attendance once the session has begun.");
  }

  /** Writes the CPD of these attended places (those not yet credited), with certificates and thank-yous. */
  async function credit(event: SocietyEvent, attendeeIds: readonly string[]): Promise<Map<string, CreditOutcome>> {
    const outcomes = new Map<string, CreditOutcome>();
    if (attendeeIds.length === 0) return outcomes;
    const places = await deps.store.creditable(event.id, attendeeIds);
    const hours = event.cpdHoursHundredths;
    if (hours === null) {
      for (const place of places) outcomes.set(place.id, "no-cpd");
      return outcomes;
    }
    const facts = { title: event.name, provider: await deps.provider(), activityDate: londonDate(new Date(event.startsAt)), hoursHundredths: hours, category: event.cpdCategory ?? "other" };
    const due: (CreditablePlace & { userId: string })[] = [];
    for (const place of places) {
      if (place.credited) outcomes.set(place.id, "credited-before");
      else if (place.userId === null) outcomes.set(place.id, "no-account");
      else due.push(place as CreditablePlace & { userId: string });
    }
    for (let start = 0; start < due.length; start += CREDITS_PER_BATCH) {
      const chunk = due.slice(start, start + CREDITS_PER_BATCH).map((place) => ({ place, attendeeId: place.id, userId: place.userId, entryId: deps.newId(), certificateId: certificateId() }));
      const thanks = deps.notices.prepare(
        chunk.map(({ place, userId, certificateId: id }) => ({
          message: {
            kind: "event-attendance-thanks" as const,
            event: place.id,
            to: { email: place.email, userId },
            data: {
              attendeeName: place.name,
              eventName: event.name,
              activityDate: facts.activityDate,
              hoursHundredths: hours,
              categoryName: CPD_CATEGORIES[facts.category],
              certificateId: id,
              // Filled from the certificate the batch writes (its number is taken there).
              certificateNumber: "",
            },
          },
          onlyIf: { select: deps.store.certificateWritten, params: [id] },
          fill: [{ field: "certificateNumber", select: "SELECT printf('CPD-%06d', number) FROM cpd_certificates WHERE id = ?", params: [id] }],
        })),
      );
      await deps.batch([...deps.store.credit(event.id, chunk, facts), ...thanks.statements]);
      deps.notices.deliverSoon(thanks.ids);
      for (const { attendeeId } of chunk) outcomes.set(attendeeId, "credited");
      deps.log.info("events.cpd_credited", { eventId: event.id, places: chunk.length });
    }
    return outcomes;
  }

  const imported = (place: AttendancePlace, minutes: number): ImportedPlace => ({ name: place.name, email: place.email, minutes, markedBefore: place.attendedAt !== null, credit: null });

  /** What the report shows against the event's confirmed places now: who stayed long enough, who did not, which addresses match no one. */
  async function outcomeOf(event: SocietyEvent, report: AttendanceReport) {
    const { minutesByEmail, rowsWithoutEmail } = report;
    const places = await deps.store.placesWithEmails(event.id, [...minutesByEmail.keys()]);
    const required = minutesRequired(event);
    const minutesOf = (place: AttendancePlace) => minutesByEmail.get(place.email.toLowerCase()) ?? 0;
    const stayed = places.filter((p) => minutesOf(p) >= required);
    if (stayed.length > IMPORT_MAX_PLACES) {
      return { ok: false as const, problems: [`The report shows ${stayed.length} booked attendees who stayed; one import records at most ${IMPORT_MAX_PLACES}. Split the file into parts (keep each person's rows together) and import each.`] };
    }
    const matched = new Set(places.map((p) => p.email.toLowerCase()));
    const result: AttendanceImport = {
      applied: false,
      requiredMinutes: required,
      attended: stayed.map((p) => imported(p, minutesOf(p))),
      tooShort: places.filter((p) => minutesOf(p) < required).map((p) => imported(p, minutesOf(p))),
      unmatched: [...minutesByEmail].filter(([email]) => !matched.has(email)).map(([email, minutes]) => ({ email, minutes })).sort((a, b) => a.email.localeCompare(b.email)),
      rowsWithoutEmail,
    };
    return { ok: true as const, result, stayed, minutesOf };
  }

  return {
    eventById,

    /** A checked-in place's CPD (the check-in has just been recorded, or was before). */
    async checkedIn(eventId: string, attendeeId: string): Promise<void> {
      await credit(await eventById(eventId), [attendeeId]);
    },

    /** The attendance page: the event, the minutes needed, one page of its confirmed places by name. */
    async page(eventId: string, after: { name: string; id: string } | null) {
      const event = await eventById(eventId);
      const places = await deps.bookings.attendeesOfEvent(event.id, { limit: ATTENDANCE_PAGE + 1, after });
      const shown = places.slice(0, ATTENDANCE_PAGE);
      return {
        event,
        requiredMinutes: minutesRequired(event),
        attendees: shown,
        next: places.length > ATTENDANCE_PAGE ? { name: shown.at(-1)!.name, id: shown.at(-1)!.id } : null,
      };
    },

    /**
     * Reads the platform's report and shows what importing it would record, recording nothing.
     * A bad file is refused whole, with its problems. The report as read is kept for a day under
     * the returned id, for this staff member and this event, so "Import" records it without the
     * file being uploaded again.
     */
    async previewReport(eventId: string, file: Uint8Array, staffEmail: string): Promise<PreviewOutcome> {
      const event = await eventById(eventId);
      onlineStarted(event);
      const read = readAttendanceReport(file, event);
      if (!read.ok) return read;
      const outcome = await outcomeOf(event, read.report);
      if (!outcome.ok) return outcome;
      const previewId = deps.newId();
      const now = deps.now();
      await deps.previews.save(
        { id: previewId, eventId: event.id, staffEmail, eventVersion: versionOf(event), report: read.report, expiresAt: new Date(now.getTime() + PREVIEW_KEPT_MS).toISOString() },
        now.toISOString(),
      );
      return { ok: true, result: outcome.result, previewId };
    },

    /**
     * Records a kept preview: marks those who stayed long enough as attended and credits their
     * CPD. The places are matched again now (a booking since the preview counts). A preview that
     * is not this staff member's for this event, was imported, has expired, or whose event's
     * times or minimum share changed since is refused: the minutes it holds may no longer be true.
     */
    async importPreview(eventId: string, previewId: string, staffEmail: string): Promise<ImportOutcome> {
      const event = await eventById(eventId);
      onlineStarted(event);
      const kept = await deps.previews.find(previewId, event.id, staffEmail);
      if (!kept) return { ok: false, problems: ["This preview is no longer kept (it was imported already, or was made by someone else or for another event). Upload the report again to preview it."] };
      if (Date.parse(kept.expiresAt) <= deps.now().getTime()) return { ok: false, problems: ["This preview has expired: a preview is kept for a day. Upload the report again to preview it."] };
      if (kept.eventVersion !== versionOf(event)) {
        return { ok: false, problems: ["The event's times or its minimum attendance changed since this preview, so its minutes may no longer be right. Upload the report again to preview it with the event as it is now."] };
      }
      const outcome = await outcomeOf(event, kept.report);
      if (!outcome.ok) return outcome;
      const { result, stayed, minutesOf } = outcome;
      result.applied = true;
      await deps.batch([
        ...(stayed.length > 0 ? [deps.store.markAttended(event.id, stayed.map((p) => ({ attendeeId: p.id, minutes: minutesOf(p) })), staffEmail)] : []),
        deps.previews.remove(previewId),
      ]);
      const credits = await credit(event, stayed.map((p) => p.id));
      result.attended = stayed.map((p) => ({ ...imported(p, minutesOf(p)), credit: credits.get(p.id) ?? null }));
      deps.log.info("events.attendance_imported", { eventId: event.id, attended: stayed.length, tooShort: result.tooShort.length, unmatched: result.unmatched.length, staffEmail });
      return { ok: true, result };
    },

    /** Staff mark one place attended by hand (someone the report missed), and it is credited. */
    async markByHand(eventId: string, attendeeId: string, staffEmail: string): Promise<{ name: string; credit: CreditOutcome | null }> {
      const event = await eventById(eventId);
      onlineStarted(event);
      const place = await deps.store.place(event.id, attendeeId);
      if (!place) throw new AppError("NOT_FOUND", "No such booked attendee at this event");
      await deps.batch([deps.store.markAttended(event.id, [{ attendeeId: place.id, minutes: null }], staffEmail)]);
      const credits = await credit(event, [place.id]);
      deps.log.info("events.attendance_marked", { eventId: event.id, attendeeId, staffEmail });
      return { name: place.name, credit: credits.get(place.id) ?? null };
    },
  };
}
