/**
 * The rules a merge of two member records is refused by (services/membership/member-merge.ts),
 * on plain records: which sign-in account stays, live card subscriptions, payments waiting, and
 * overlapping paid periods until staff confirm them.
 */
import { describe, expect, it } from "vitest";
import type { MergeRecord, MergeRequest, MergeSideView } from "../../src/domain/member-merge";
import { periodsOverlap, refusal } from "../../src/services/membership/member-merge";

const row = (fields: Partial<MergeRecord> = {}): MergeRecord => ({
  user_id: "email:ada@example.org",
  email: "ada@example.org",
  application_id: null,
  membership_title: "Full member",
  status: "active",
  payment_method: "offline",
  period_start: "2026-01-01",
  period_end: "2026-12-31",
  member_name: "Ada Lovelace",
  postal_address: null,
  member_number: 1,
  honour: null,
  stripe_subscription_id: null,
  billing_status: null,
  updated_at: "2026-11-01T00:00:00.000Z",
  ...fields,
});

const side = (userId: string, fields: Partial<MergeRecord> = {}, extra: Partial<MergeSideView> = {}): MergeSideView => ({
  userId,
  record: row({ user_id: userId, ...fields }),
  name: "Ada Lovelace",
  hasAccount: !userId.startsWith("email:"),
  liveSubscription: false,
  openPayments: { applications: 0, orders: 0 },
  ...extra,
});

const request = (fields: Partial<MergeRequest> = {}): MergeRequest => ({
  survivorUserId: "uid-1",
  mergedUserId: "email:ada@old.example",
  versions: { survivor: "", merged: "" },
  choices: { email: "survivor", name: "survivor", postalAddress: "survivor", membership: "survivor" },
  reason: "The same person",
  overlapConfirmed: false,
  ...fields,
});

describe("overlapping paid periods", () => {
  it("are two active memberships sharing a day; an honour has no end; a lapsed one overlaps nothing", () => {
    expect(periodsOverlap(row(), row({ period_start: "2026-12-31", period_end: "2027-12-30" }))).toBe(true);
    expect(periodsOverlap(row(), row({ period_start: "2027-01-01", period_end: "2027-12-31" }))).toBe(false);
    expect(periodsOverlap(row({ honour: "life", period_end: null }), row({ period_start: "2030-01-01", period_end: "2030-12-31" }))).toBe(true);
    expect(periodsOverlap(row(), row({ status: "lapsed" }))).toBe(false);
  });
});

describe("a merge is refused", () => {
  const lapsed = { status: "lapsed", period_end: "2025-01-01" } as const;

  it("when both records have a sign-in account but the other's address is asked to stay, or the one that has it would not stay", () => {
    // Both have an account: merged (decision 0072), keeping the kept record's address, which is its sign-in address.
    expect(refusal(side("uid-1", lapsed), side("uid-2"), request())).toBeNull();
    expect(refusal(side("uid-1", lapsed), side("uid-2"), request({ choices: { ...request().choices, email: "merged" } }))).toMatchObject({ field: "keep-email" });
    expect(refusal(side("email:a@x.example", lapsed), side("uid-2"), request())?.message).toMatch(/Keep the record the member signs in with/);
    expect(refusal(side("uid-1", lapsed), side("email:ada@old.example"), request())).toBeNull();
  });

  it("when both have a live card subscription, or the membership given up has one", () => {
    expect(refusal(side("uid-1", lapsed, { liveSubscription: true }), side("email:o@x.example", {}, { liveSubscription: true }), request())?.message).toMatch(/Both records have a live card subscription/);
    expect(refusal(side("uid-1", lapsed), side("email:o@x.example", {}, { liveSubscription: true }), request())).toMatchObject({ field: "membership" });
    expect(refusal(side("uid-1", lapsed), side("email:o@x.example", {}, { liveSubscription: true }), request({ choices: { ...request().choices, membership: "merged" } }))).toBeNull();
  });

  it("while the other record has something waiting for payment", () => {
    expect(refusal(side("uid-1", lapsed), side("email:o@x.example", {}, { openPayments: { applications: 0, orders: 2 } }), request())?.message).toMatch(/0 application\(s\) and 2 order\(s\)/);
  });

  it("for overlapping active periods until staff confirm", () => {
    expect(refusal(side("uid-1"), side("email:o@x.example"), request())).toMatchObject({ field: "confirmOverlap" });
    expect(refusal(side("uid-1"), side("email:o@x.example"), request({ overlapConfirmed: true }))).toBeNull();
  });
});
