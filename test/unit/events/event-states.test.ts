import { describe, expect, it } from "vitest";
import type { EventStateChange, SocietyEvent } from "../../../src/domain/events";
import { withStateChange } from "../../../src/services/events/event-states";

const event = {
  id: "e1",
  startsAt: "2027-03-12T09:00:00.000Z",
  endsAt: "2027-03-12T17:00:00.000Z",
  state: "scheduled",
  programme: [{ title: "Opening", startsAt: "2027-03-12T09:30:00.000Z", endsAt: "2027-03-12T10:00:00.000Z", room: null, speakers: null }],
} as unknown as SocietyEvent;
const NEW_DATES = { cmsStartsAt: event.startsAt, startsAt: "2027-06-04T08:00:00.000Z", endsAt: "2027-06-04T16:00:00.000Z" };
const change = (state: EventStateChange["state"], startsAt = event.startsAt): EventStateChange => ({
  eventId: "e1",
  state,
  reason: "The venue is closed",
  newDateText: null,
  startsAt,
  changedAt: "2026-11-28T02:00:00.000Z",
  settledAt: null,
  newDates: null,
  reopenedAt: null,
});
const reopened = (state: EventStateChange["state"] = "reopened"): EventStateChange => ({ ...change(state, NEW_DATES.startsAt), newDates: NEW_DATES, reopenedAt: "2026-11-28T03:00:00.000Z" });

describe("the event state the site shows", () => {
  it("is the CMS's when staff changed nothing", () => {
    expect(withStateChange(event, undefined).state).toBe("scheduled");
  });

  it("is cancelled for good once staff cancel, whatever the CMS says later", () => {
    expect(withStateChange(event, change("cancelled")).state).toBe("cancelled");
    expect(withStateChange({ ...event, startsAt: "2027-05-01T09:00:00.000Z" }, change("cancelled")).state).toBe("cancelled");
  });

  it("is postponed until an editor gives the event a new start in the CMS", () => {
    expect(withStateChange(event, change("postponed")).state).toBe("postponed");
    expect(withStateChange({ ...event, startsAt: "2027-05-01T09:00:00.000Z" }, change("postponed")).state).toBe("scheduled");
  });

  it("never hides a cancellation made in the CMS", () => {
    expect(withStateChange({ ...event, state: "cancelled" }, change("postponed")).state).toBe("cancelled");
  });

  it("is on sale again on staff's new dates once reopened, its programme moved with its start", () => {
    const shown = withStateChange(event, reopened());
    expect(shown).toMatchObject({ state: "scheduled", startsAt: NEW_DATES.startsAt, endsAt: NEW_DATES.endsAt, rescheduledAt: "2026-11-28T03:00:00.000Z" });
    expect(shown.programme[0]).toMatchObject({ startsAt: "2027-06-04T08:30:00.000Z", endsAt: "2027-06-04T09:00:00.000Z" });
  });

  it("keeps the new dates through a second postponement and a cancellation", () => {
    expect(withStateChange(event, reopened("postponed"))).toMatchObject({ state: "postponed", startsAt: NEW_DATES.startsAt });
    expect(withStateChange(event, reopened("cancelled"))).toMatchObject({ state: "cancelled", startsAt: NEW_DATES.startsAt });
  });

  it("gives way to an editor's new start in the CMS", () => {
    const moved = { ...event, startsAt: "2027-09-01T09:00:00.000Z" };
    expect(withStateChange(moved, reopened())).toMatchObject({ state: "scheduled", startsAt: "2027-09-01T09:00:00.000Z" });
  });
});
