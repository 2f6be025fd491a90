/**
 * A webinar's state at a moment in time, from its date, duration and the CMS's free/archive
 * dates (docs/decisions/0004 records how the dates are read). Pure: views pass `now`.
 */
import type { WebinarsFilter, WebinarSummary } from "../../services/content/model";

export interface WebinarState {
  start: Date;
  end: Date;
  /** Has not finished yet (includes a session that is live now). */
  upcoming: boolean;
  live: boolean;
  /** Free to everyone now: defaultFreeDate has passed. */
  freeForEveryone: boolean;
  /** Free to members now: memberFreeDate has passed, or it is free to everyone. */
  freeForMembers: boolean;
  /** Moved to the archive for non-members: defaultArchiveDate has passed. */
  archived: boolean;
}

const reached = (iso: string | null, now: Date) => iso !== null && Date.parse(iso) <= now.getTime();

export function webinarState(webinar: WebinarSummary, now: Date): WebinarState {
  const start = new Date(webinar.date);
  const end = new Date(start.getTime() + Math.max(webinar.durationMinutes, 0) * 60_000);
  const freeForEveryone = reached(webinar.defaultFreeDate, now);
  return {
    start,
    end,
    upcoming: end.getTime() > now.getTime(),
    live: start.getTime() <= now.getTime() && end.getTime() > now.getTime(),
    freeForEveryone,
    freeForMembers: freeForEveryone || reached(webinar.memberFreeDate, now),
    archived: reached(webinar.defaultArchiveDate, now),
  };
}

const byDate = (a: WebinarSummary, b: WebinarSummary) => Date.parse(a.date) - Date.parse(b.date);

/** Upcoming sessions soonest first, then past ones most recent first. */
export function sortWebinars<T extends WebinarSummary>(webinars: readonly T[], now: Date): { upcoming: T[]; past: T[] } {
  const upcoming = webinars.filter((w) => webinarState(w, now).upcoming).sort(byDate);
  const past = webinars.filter((w) => !webinarState(w, now).upcoming).sort((a, b) => byDate(b, a));
  return { upcoming, past };
}

/** The webinars-list block's filter, relative to `now`. */
export function filterWebinars<T extends WebinarSummary>(webinars: readonly T[], filter: WebinarsFilter, now: Date): T[] {
  const { upcoming, past } = sortWebinars(webinars, now);
  switch (filter) {
    case "upcoming":
      return upcoming;
    case "past":
      return past;
    case "all":
      return [...upcoming, ...past];
    case "memberFree":
      return [...upcoming, ...past].filter((w) => webinarState(w, now).freeForMembers);
  }
}
