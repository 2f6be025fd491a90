/** The member number and proof of membership: the signed-in member's own record only, and the proof only while active. */
import { describe, expect, it } from "vitest";
import type { MemberCardFacts } from "../../src/adapters/d1/member-cards";
import type { Application, MembershipRecord } from "../../src/domain/membership";
import { memberCard } from "../../src/services/membership/member-card";
import { createMemberRule } from "../../src/services/membership/member-rule";
import { application, membershipRecord } from "../fixtures/membership";

const NOW = new Date("2026-11-24T12:00:00Z");

const record = (fields: Partial<MembershipRecord> = {}) => membershipRecord({ periodStart: "2026-01-01", periodEnd: "2026-12-31", ...fields });

function deps(own: MembershipRecord | null, facts: MemberCardFacts | null, app: Application | null = application({ status: "paid" }), disputed = false) {
  const memberships = { forUser: async (userId: string) => (own?.userId === userId ? own : null) };
  return {
    memberships,
    applications: { byId: async (id: string) => (app?.id === id ? app : null), latestForUser: async (userId: string) => (app?.userId === userId ? app : null) },
    cards: { forUser: async (userId: string) => (own?.userId === userId ? facts : null) },
    members: createMemberRule({ memberships, disputes: { hasOpenMembershipDispute: async () => disputed }, now: () => NOW, graceDays: 30 }),
  };
}

describe("memberCard", () => {
  it("gives an active member their number and a proof with the name from their application", async () => {
    expect(await memberCard(deps(record(), { memberNumber: 42, memberName: null }), "user-1")).toEqual({
      memberNumber: 42,
      card: { name: "Ada Lovelace", memberNumber: 42, membershipTitle: "Full member", validUntil: "2026-12-31" },
    });
  });

  it("prefers the name an import gave", async () => {
    const result = await memberCard(deps(record({ applicationId: null }), { memberNumber: 7, memberName: "Ada King" }, null), "user-1");
    expect(result.card?.name).toBe("Ada King");
  });

  it("shows a lapsed member's number but offers no proof", async () => {
    expect(await memberCard(deps(record({ status: "lapsed" }), { memberNumber: 42, memberName: null }), "user-1")).toEqual({ memberNumber: 42, card: null });
    // Active on paper, but past its period and the grace days: lapsed in fact.
    expect((await memberCard(deps(record({ periodEnd: "2026-09-30" }), { memberNumber: 42, memberName: null }), "user-1")).card).toBeNull();
  });

  it("shows a member whose payment is disputed with their bank their number but offers no proof", async () => {
    expect(await memberCard(deps(record(), { memberNumber: 42, memberName: null }, undefined, true), "user-1")).toEqual({ memberNumber: 42, card: null });
  });

  it("offers nothing before a number is given (awaiting payment), nor to anyone else", async () => {
    expect(await memberCard(deps(record({ status: "awaiting_payment" }), { memberNumber: null, memberName: null }), "user-1")).toEqual({ memberNumber: null, card: null });
    expect(await memberCard(deps(record(), { memberNumber: 42, memberName: null }), "user-2")).toEqual({ memberNumber: null, card: null });
  });
});
