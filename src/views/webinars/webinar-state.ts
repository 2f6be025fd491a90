/**
 * A webinar's place in time at a moment: when it starts and ends, and whether it is still to
 * come or live now. Pure: views pass `now`. What it costs and whether it is free or a recording
 * for a viewer is the pricing module's to say (webinar-prices.ts).
 */
import type { WebinarsFilter, WebinarSummary } from "../../domain/content";
import { webinarOffer } from "../../shared/pricing/webinar-offer";

export interface WebinarState {
  start: Date;
  end: Date;
  /** Has not finished yet (includes a session that is live now). */
  upcoming: boolean;
  live: boolean;
}

export function webinarState(webinar: WebinarSummary, now: Date): WebinarState {
  const start = new Date(webinar.date);
  const end = new Date(start.getTime() + Math.max(webinar.durationMinutes, 0) * 60_000);
  return {
    start,
    end,
    upcoming: end.getTime() > now.getTime(),
    live: start.getTime() <= now.getTime() && end.getTime() > now.getTime(),
  };
}

const byDate = (a: WebinarSummary, b: WebinarSummary) => Date.parse(a.date) - Date.parse(b.date);

/** Upcoming sessions soonest first, then past ones most recent first. */
export function sortWebinars<T extends WebinarSummary>(webinars: readonly T[], now: Date): { upcoming: T[]; past: T[] } {
  const upcoming = webinars.filter((w) => webinarState(w, now).upcoming).sort(byDate);
  const past = webinars.filter((w) => !webinarState(w, now).upcoming).sort((a, b) => byDate(b, a));
  return { upcoming, past };
}

/** The webinars-list block's filter, relative to `now`. "memberFree": free to a member now, by the pricing rules. */
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
      return [...upcoming, ...past].filter((w) => webinarOffer(w, "member", now).price.kind === "free");
  }
}
