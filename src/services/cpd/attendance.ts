/**
 * Attending a webinar adds it to the attendee's CPD log, while entitled to the webinar (the
 * caller has just granted access of kind "live" or "recording"; services/orders/webinar-access):
 * - Join pressed while the live session runs (from its start): "joined-live". Join pressed in the
 *   hour before the start hands over the link (to check sound and picture) and is remembered, as
 *   it closes the 14-day cancellation, but it is not attendance: nobody has attended anything yet.
 * - The recording's page opened: "opened-recording". That shows the page was opened, not that
 *   anything was watched, and a certificate says exactly that (views/cpd/certificate-evidence).
 * The entry carries the webinar's date, name and CPD hours and category; it waits for the member
 * to confirm it. A second visit adds nothing (one entry per user and webinar, by its slug: ids
 * change when an editor republishes), so the first way it was recorded is the one kept.
 */
import type { CpdStore } from "../../adapters/d1/cpd";
import type { WebinarJoinStore } from "../../adapters/d1/webinar-joins";
import type { Webinar } from "../../domain/content";
import { CPD_MAX_HUNDREDTHS, CPD_MIN_HUNDREDTHS, type CpdAttendance } from "../../domain/cpd";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";

export interface AttendanceDeps {
  store: Pick<CpdStore, "recordAttendance">;
  joins: Pick<WebinarJoinStore, "record">;
  /** Who runs the webinars (the society's name). */
  provider: () => Promise<string>;
  newId: () => string;
  log: Logger;
}

/** Without CPD hours from the editors, the webinar's length, to the nearest quarter hour. */
export function webinarHundredths(webinar: Pick<Webinar, "cpd" | "durationMinutes">): number {
  if (webinar.cpd.hoursHundredths !== null) return webinar.cpd.hoursHundredths;
  const quarters = Math.round(webinar.durationMinutes / 15);
  return Math.min(CPD_MAX_HUNDREDTHS, Math.max(CPD_MIN_HUNDREDTHS, quarters * 25));
}

/** Pressing Join counts as attending only once the session has started (an unreadable date never does). */
export const joinCountsAsAttendance = (webinar: Pick<Webinar, "date">, now: Date): boolean => {
  const start = Date.parse(webinar.date);
  return !Number.isNaN(start) && now.getTime() >= start;
};

export function createAttendance({ store, joins, provider, newId, log }: AttendanceDeps) {
  async function attended(userId: string, webinar: Webinar, how: CpdAttendance): Promise<void> {
    const added = await store.recordAttendance({
      id: newId(),
      userId,
      webinarSlug: webinar.slug,
      activityDate: londonDate(new Date(webinar.date)),
      title: webinar.name,
      provider: await provider(),
      hoursHundredths: webinarHundredths(webinar),
      category: webinar.cpd.category ?? "other",
      attendance: how,
    });
    if (added) log.info("cpd.attended", { userId, webinar: webinar.slug, how });
  }
  return {
    /** Join pressed (the caller hands over the link next): remembered, and attendance from the start. */
    async joined(userId: string, webinar: Webinar, now: Date): Promise<void> {
      await joins.record(userId, webinar.id);
      if (joinCountsAsAttendance(webinar, now)) await attended(userId, webinar, "joined-live");
    },
    /** The recording's page opened while entitled. */
    openedRecording: (userId: string, webinar: Webinar) => attended(userId, webinar, "opened-recording"),
  };
}

export type Attendance = ReturnType<typeof createAttendance>;
