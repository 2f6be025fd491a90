import { describe, expect, it } from "vitest";
import type { PlaceToTransfer, SocietyEvent } from "../../../src/domain/events";
import { transferCutoff } from "../../../src/services/events/event-rules";
import { transferRefusal } from "../../../src/services/events/place-transfer";

const event = {
  id: "e1",
  startsAt: "2027-03-12T09:00:00.000Z",
  endsAt: "2027-03-12T17:00:00.000Z",
  state: "scheduled",
  transferCutoffHours: 48,
  ticketTypes: [
    { code: "member", addOn: false },
    { code: "dinner", addOn: true },
  ],
} as unknown as SocietyEvent;
const place = { id: "a1", status: "confirmed", checkedInAt: null, attended: false, ticketCode: "member" } as unknown as PlaceToTransfer;
const at = (iso: string) => new Date(iso);

describe("who may pass a place on, and until when", () => {
  it("lets the buyer pass it on until the event's cut-off, and staff after it until the event ends", () => {
    expect(transferCutoff(event).toISOString()).toBe("2027-03-10T09:00:00.000Z");
    expect(transferRefusal(event, place, "buyer", at("2027-03-10T08:59:00.000Z"))).toBeNull();
    expect(transferRefusal(event, place, "buyer", at("2027-03-10T09:00:00.000Z"))).toMatch(/^Places could be passed on until Wednesday, 10 March 2027 at 09:00 \(48 hours before the start\)/);
    expect(transferRefusal(event, place, "staff", at("2027-03-12T10:00:00.000Z"))).toBeNull();
    expect(transferRefusal(event, place, "staff", at("2027-03-12T17:00:00.000Z"))).toBe("This event is over: its places can no longer be passed on.");
  });

  it("follows the editor's cut-off", () => {
    const late = { ...event, transferCutoffHours: 2 };
    expect(transferRefusal(late, place, "buyer", at("2027-03-12T06:59:00.000Z"))).toBeNull();
    expect(transferRefusal(late, place, "buyer", at("2027-03-12T07:00:00.000Z"))).toContain("2 hours before the start");
  });

  it("refuses a cancelled event, an attended place and an add-on on its own", () => {
    const now = at("2027-01-01T00:00:00.000Z");
    expect(transferRefusal({ ...event, state: "cancelled" }, place, "staff", now)).toBe("This event has been cancelled: its places cannot be passed on.");
    expect(transferRefusal(event, { ...place, attended: true }, "staff", now)).toBe("This place's attendance has been recorded already: it cannot be passed on.");
    expect(transferRefusal(event, { ...place, ticketCode: "dinner" }, "buyer", now)).toBe("An add-on goes with its place: pass the place itself on instead.");
  });
});
