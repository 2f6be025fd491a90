/**
 * The membership year's date rules, each with a controlled clock: the state a membership is in
 * (active, renewal due, in grace, lapsed) at and around each boundary, when renewal reminders are
 * due, which period an offline renewal pays for, what a change of type costs, and when webinar
 * reminders and recording notices are due.
 */
import { describe, expect, it } from "vitest";
import type { MembershipRecord } from "../../src/domain/membership";
import type { Webinar } from "../../src/domain/content";
import { quoteChange } from "../../src/services/membership/change-pricing";
import { memberState } from "../../src/services/membership/member-state";
import { holdsMembership } from "../../src/services/membership/member-rule";
import { dueReminder } from "../../src/services/membership/year-run";
import { oneYearAfter, renewalPeriod } from "../../src/services/membership/renewal-period";
import { recordingNoticeDue, reminderDue } from "../../src/services/orders/webinar-notices";
import { memberStateWords } from "../../src/views/membership/member-state-words";

const GRACE = 30;
const at = (iso: string) => new Date(iso);

const record = (over: Partial<MembershipRecord> = {}): MembershipRecord => ({
  userId: "u1",
  email: "u1@guild.example",
  applicationId: "a1",
  membershipSlug: "full",
  membershipTitle: "Full Member",
  status: "active",
  paymentMethod: "offline",
  periodStart: "2026-03-31",
  periodEnd: "2027-03-31",
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  billingStatus: null,
  nextMembership: null,
  updatedAt: "2026-03-31T00:00:00Z",
  ...over,
});

describe("the state a membership is in", () => {
  const r = record();
  it("is active until 30 days before the period ends", () => {
    expect(memberState(r, GRACE, at("2026-06-01T12:00:00Z"))).toEqual({ kind: "active", until: "2027-03-31" });
    expect(memberState(r, GRACE, at("2027-02-28T23:59:59Z"))).toEqual({ kind: "active", until: "2027-03-31" });
  });
  it("is renewal due from exactly 30 days before the end until the end", () => {
    expect(memberState(r, GRACE, at("2027-03-01T00:00:00Z"))).toEqual({ kind: "renewal_due", on: "2027-03-31" });
    expect(memberState(r, GRACE, at("2027-03-30T23:59:59Z"))).toEqual({ kind: "renewal_due", on: "2027-03-31" });
  });
  it("is in grace from the end for MEMBERSHIP_GRACE_DAYS, still a member", () => {
    const state = memberState(r, GRACE, at("2027-03-31T00:00:00Z"));
    expect(state).toEqual({ kind: "in_grace", until: "2027-04-30T00:00:00.000Z" });
    expect(holdsMembership(r, false, at("2027-04-29T23:59:59Z"), GRACE)).toBe(true);
  });
  it("is lapsed from the end of grace, even before the daily job writes it down", () => {
    expect(memberState(r, GRACE, at("2027-04-30T00:00:00Z"))).toEqual({ kind: "lapsed", since: "2027-04-30T00:00:00.000Z" });
    expect(holdsMembership(r, false, at("2027-04-30T00:00:00Z"), GRACE)).toBe(false);
    expect(memberState(record({ status: "lapsed" }), GRACE, at("2027-06-01T00:00:00Z"))).toEqual({ kind: "lapsed", since: "2027-04-30T00:00:00.000Z" });
  });
  it("with no grace days, lapses the moment the period ends", () => {
    expect(memberState(r, 0, at("2027-03-31T00:00:00Z")).kind).toBe("lapsed");
  });
  it("is active with no end for an open-ended record; awaiting payment and cancelled say so", () => {
    expect(memberState(record({ periodEnd: null }), GRACE, at("2030-01-01T00:00:00Z"))).toEqual({ kind: "active", until: null });
    expect(memberState(record({ status: "awaiting_payment" }), GRACE, at("2026-06-01T00:00:00Z")).kind).toBe("awaiting_payment");
    expect(memberState(record({ status: "cancelled" }), GRACE, at("2026-06-01T00:00:00Z")).kind).toBe("cancelled");
  });
  it("reads in words as the member page shows it", () => {
    expect(memberStateWords(memberState(r, GRACE, at("2026-06-01T12:00:00Z")))).toBe("Active until 31 March 2027");
    expect(memberStateWords(memberState(r, GRACE, at("2027-03-10T12:00:00Z")))).toBe("Renewal due: ends on 31 March 2027");
    expect(memberStateWords(memberState(r, GRACE, at("2027-04-02T12:00:00Z")))).toBe("In grace period until 30 April 2027");
    expect(memberStateWords(memberState(r, GRACE, at("2027-05-02T12:00:00Z")))).toBe("Lapsed on 30 April 2027");
    expect(memberStateWords({ kind: "lapsed", since: null })).toBe("Lapsed");
  });
  it("set to end at its period end, is active to the end, never renewal due nor in grace, then lapsed at once", () => {
    const ending = record({ endsOn: "2027-03-31" });
    expect(memberState(ending, GRACE, at("2027-03-10T12:00:00Z"))).toEqual({ kind: "active", until: "2027-03-31", ending: true });
    expect(memberStateWords(memberState(ending, GRACE, at("2027-03-30T23:59:59Z")))).toBe("Active until 31 March 2027, then ends: not renewing");
    expect(memberState(ending, GRACE, at("2027-03-31T00:00:00Z"))).toEqual({ kind: "lapsed", since: "2027-03-31T00:00:00.000Z" });
    expect(holdsMembership(ending, false, at("2027-03-31T00:00:00Z"), GRACE)).toBe(false);
    expect(memberState(record({ endsOn: "2027-03-31", status: "lapsed" }), GRACE, at("2027-06-01T00:00:00Z"))).toEqual({ kind: "lapsed", since: "2027-03-31T00:00:00.000Z" });
  });
});

describe("renewal reminders", () => {
  const end = "2027-03-31";
  it("are not due more than 30 days before the end", () => {
    expect(dueReminder(end, at("2027-02-28T23:59:59Z"))).toBeNull();
  });
  it("send the 30-day reminder from 30 days before, the 7-day one from 7 days before", () => {
    expect(dueReminder(end, at("2027-03-01T03:17:00Z"))).toBe(30);
    expect(dueReminder(end, at("2027-03-23T23:59:59Z"))).toBe(30);
    expect(dueReminder(end, at("2027-03-24T03:17:00Z"))).toBe(7);
    expect(dueReminder(end, at("2027-03-30T23:59:59Z"))).toBe(7);
  });
  it("stop once the period has ended (grace is not for reminders)", () => {
    expect(dueReminder(end, at("2027-03-31T00:00:00Z"))).toBeNull();
  });
  it("work for Stripe's instants as for offline days", () => {
    expect(dueReminder("2027-03-31T10:00:00.000Z", at("2027-03-01T09:59:59Z"))).toBeNull();
    expect(dueReminder("2027-03-31T10:00:00.000Z", at("2027-03-01T10:00:00Z"))).toBe(30);
  });
});

describe("the period an offline renewal pays for", () => {
  it("runs on from the old end when paid early", () => {
    expect(renewalPeriod("2027-03-31", "2027-03-05", GRACE)).toEqual({ start: "2027-03-31", end: "2028-03-31" });
  });
  it("runs on from the old end when paid in grace", () => {
    expect(renewalPeriod("2027-03-31", "2027-04-29", GRACE)).toEqual({ start: "2027-03-31", end: "2028-03-31" });
  });
  it("starts again from the day the money arrived once the membership has lapsed", () => {
    expect(renewalPeriod("2027-03-31", "2027-04-30", GRACE)).toEqual({ start: "2027-04-30", end: "2028-04-30" });
    expect(renewalPeriod(null, "2027-05-02", GRACE)).toEqual({ start: "2027-05-02", end: "2028-05-02" });
  });
  it("ends a year on, 29 February becoming 28 February", () => {
    expect(oneYearAfter("2028-02-29")).toBe("2029-02-28");
    expect(oneYearAfter("2027-12-31")).toBe("2028-12-31");
  });
});

describe("what changing membership type costs", () => {
  const period = { start: "2026-04-01", end: "2027-04-01" }; // 365 days
  const quote = (now: string, fromPence = 10_000, toPence = 17_300) =>
    quoteChange({ fromPence, toPence, period, now: at(now), renewalAwaitingPayment: false });

  it("on the first day of the period, an upgrade costs the whole difference, now", () => {
    expect(quote("2026-04-01T09:00:00Z")).toMatchObject({ direction: "upgrade", effective: "now", proRataPence: 7_300, remainingDays: 365, periodDays: 365 });
  });
  it("on the last day, one day's share (rounded down)", () => {
    expect(quote("2027-03-31T20:00:00Z")).toMatchObject({ proRataPence: 20, remainingDays: 1 });
  });
  it("in grace (the period has ended), nothing: the renewal is at the new price", () => {
    expect(quote("2027-04-10T09:00:00Z")).toMatchObject({ direction: "upgrade", proRataPence: 0, remainingDays: 0, renewalPence: 17_300 });
  });
  it("a downgrade waits for the renewal and costs nothing; a change at the same price takes effect now", () => {
    expect(quote("2026-10-01T09:00:00Z", 17_300, 10_000)).toMatchObject({ direction: "downgrade", effective: "renewal", proRataPence: 0 });
    expect(quote("2026-10-01T09:00:00Z", 10_000, 10_000)).toMatchObject({ direction: "sideways", effective: "now", proRataPence: 0 });
  });
  it("a renewal awaiting payment is repriced to the new type", () => {
    expect(quoteChange({ fromPence: 10_000, toPence: 17_300, period, now: at("2027-03-10T09:00:00Z"), renewalAwaitingPayment: true }).awaitingRenewalPence).toBe(17_300);
  });
});

describe("webinar reminders and recording notices", () => {
  const webinar = (date: string, over: Partial<Webinar> = {}) =>
    ({ date, durationMinutes: 60, access: { zoomUrl: null, vimeoUrl: null, vimeoPlaylist: null }, ...over }) as Webinar;

  it("remind on the London day before the webinar (and catch up until it starts)", () => {
    const w = webinar("2026-12-10T18:00:00.000Z");
    expect(reminderDue(w, at("2026-12-08T03:17:00Z"))).toBe(false);
    expect(reminderDue(w, at("2026-12-09T03:17:00Z"))).toBe(true);
    expect(reminderDue(w, at("2026-12-10T03:17:00Z"))).toBe(true);
    expect(reminderDue(w, at("2026-12-10T18:00:00Z"))).toBe(false);
  });
  it("tell owners a recording is ready once it has ended and its link is set, for 30 days", () => {
    const pending = webinar("2026-12-10T18:00:00.000Z");
    const recorded = webinar("2026-12-10T18:00:00.000Z", { access: { zoomUrl: null, vimeoUrl: "https://vimeo.com/123456789", vimeoPlaylist: null } });
    expect(recordingNoticeDue(pending, at("2026-12-11T03:17:00Z"))).toBe(false);
    expect(recordingNoticeDue(recorded, at("2026-12-10T18:30:00Z"))).toBe(false);
    expect(recordingNoticeDue(recorded, at("2026-12-11T03:17:00Z"))).toBe(true);
    expect(recordingNoticeDue(recorded, at("2027-01-09T19:00:00Z"))).toBe(false);
  });
});
