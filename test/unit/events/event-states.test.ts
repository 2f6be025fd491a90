import { describe, expect, it } from "vitest";
import type { EventStateChange, SocietyEvent } from "../../../src/domain/events";
import { withStateChange } from "../../../src/services/events/event-states";

const event = { id: "e1", startsAt: "2027-03-12T09:00:00.000Z", state: "scheduled" } as unknown as SocietyEvent;
const change = (state: EventStateChange["state"], startsAt = event.startsAt): EventStateChange => ({
  eventId: "e1",
  state,
  reason: "The venue is closed",
  newDateText: null,
  startsAt,
  changedAt: "2026-11-28T02:00:00.000Z",
  settledAt: null,
});

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
});
