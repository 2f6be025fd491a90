import { describe, expect, it } from "vitest";
import type { WebinarSummary } from "../../../src/domain/content";
import { filterWebinars, webinarState } from "../../../src/views/webinars/webinar-state";
import * as f from "../../fixtures/domain";

const names = (list: WebinarSummary[]) => list.map((w) => w.slug);
const base = f.webinars()[0]!;
const at = (iso: string) => new Date(iso);

describe("webinarState", () => {
  const webinar = { ...base, date: "2026-12-01T18:00:00.000Z", durationMinutes: 90 };

  it("is upcoming until it ends, and live between its start and end", () => {
    expect(webinarState(webinar, at("2026-12-01T17:59:00Z"))).toMatchObject({ upcoming: true, live: false });
    expect(webinarState(webinar, at("2026-12-01T18:00:00Z"))).toMatchObject({ upcoming: true, live: true });
    expect(webinarState(webinar, at("2026-12-01T19:29:00Z"))).toMatchObject({ upcoming: true, live: true });
    expect(webinarState(webinar, at("2026-12-01T19:30:00Z"))).toMatchObject({ upcoming: false, live: false });
  });
});

describe("filterWebinars (the webinars-list block's filter, relative to now)", () => {
  const all = f.webinars();

  it("upcoming: not yet finished, soonest first (a live session first)", () => {
    expect(names(filterWebinars(all, "upcoming", f.NOW))).toEqual([
      "live-qa-returning-to-running",
      "introduction-to-clinical-reasoning",
      "pelvic-health-essentials",
      "managing-persistent-low-back-pain",
      "ethics-and-professional-boundaries",
    ]);
  });

  it("past: finished, most recent first", () => {
    expect(names(filterWebinars(all, "past", f.NOW))).toEqual(["exercise-prescription-for-older-adults", "sports-injury-series-recordings"]);
  });

  it("all: upcoming then past", () => {
    expect(filterWebinars(all, "all", f.NOW)).toHaveLength(7);
    expect(names(filterWebinars(all, "all", f.NOW)).at(-1)).toBe("sports-injury-series-recordings");
  });

  it("memberFree: free for members now by the pricing rules (including free for everyone)", () => {
    expect(names(filterWebinars(all, "memberFree", f.NOW))).toEqual(["introduction-to-clinical-reasoning", "pelvic-health-essentials"]);
    const dated = all.map((w) => ({ ...w, memberFreeDate: null, defaultFreeDate: null, memberPrice: w.slug === "ethics-and-professional-boundaries" ? 0 : w.memberPrice }));
    // A member price of 0 is free for members too; no free dates, nothing else is.
    expect(names(filterWebinars(dated, "memberFree", f.NOW))).toEqual(["ethics-and-professional-boundaries"]);
  });
});
