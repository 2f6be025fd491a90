/**
 * Attending a webinar adds it to the attendee's CPD log: opening the join link during the live
 * window, or the recording page, while entitled to the webinar (the caller has just granted
 * access of kind "live" or "recording"; services/orders/webinar-access). The entry carries the
 * webinar's date, name and CPD hours and category; it waits for the member to confirm it. A
 * second visit adds nothing (one entry per user and webinar, by its slug: ids change when an
 * editor republishes).
 */
import type { CpdStore } from "../../adapters/d1/cpd";
import type { Webinar } from "../../domain/content";
import { CPD_MAX_HUNDREDTHS, CPD_MIN_HUNDREDTHS } from "../../domain/cpd";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";

export interface AttendanceDeps {
  store: Pick<CpdStore, "recordAttendance">;
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

export function createAttendance({ store, provider, newId, log }: AttendanceDeps) {
  return {
    async attended(userId: string, webinar: Webinar, how: "live" | "recording"): Promise<void> {
      const added = await store.recordAttendance({
        id: newId(),
        userId,
        webinarSlug: webinar.slug,
        activityDate: londonDate(new Date(webinar.date)),
        title: webinar.name,
        provider: await provider(),
        hoursHundredths: webinarHundredths(webinar),
        category: webinar.cpd.category ?? "other",
      });
      if (added) log.info("cpd.attended", { userId, webinar: webinar.slug, how });
    },
  };
}

export type Attendance = ReturnType<typeof createAttendance>;
