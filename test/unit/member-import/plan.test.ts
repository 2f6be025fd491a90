/** What an import does with each checked member, given what D1 already holds. */
import { describe, expect, it } from "vitest";
import type { ExistingMembers, ImportedRecord } from "../../../src/adapters/d1/member-import";
import type { ImportedMember } from "../../../src/domain/member-import";
import { planImport } from "../../../src/services/member-import/plan";

const member = (overrides: Partial<ImportedMember> = {}): ImportedMember => ({
  line: 2,
  email: "ada@example.org",
  name: "Ada Lovelace",
  membershipSlug: "full-member",
  membershipTitle: "Full member",
  status: "active",
  periodStart: "2026-01-01",
  periodEnd: "2026-12-31",
  memberNumber: 1042,
  address: null,
  paymentMethod: "offline",
  consents: [],
  consentsGiven: [],
  honour: null,
  concession: null,
  note: null,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  payments: [],
  cpd: [],
  custom: [],
  ...overrides,
});

const recordOf = (m: ImportedMember, overrides: Partial<ImportedRecord> = {}): ImportedRecord => ({
  email: m.email,
  userId: `email:${m.email}`,
  membershipSlug: m.membershipSlug,
  membershipTitle: m.membershipTitle,
  status: m.status,
  periodStart: m.periodStart,
  periodEnd: m.periodEnd,
  memberNumber: m.memberNumber,
  name: m.name,
  address: m.address,
  paymentMethod: m.paymentMethod,
  consents: m.consents,
  stripeCustomerId: m.stripeCustomerId,
  stripeSubscriptionId: m.stripeSubscriptionId,
  honour: m.honour,
  concession: m.concession,
  ...overrides,
});

const existing = (overrides: Partial<ExistingMembers> = {}): ExistingMembers => ({
  imported: new Map(),
  madeOnSite: new Set(),
  numbers: new Map(),
  invited: new Set(),
  ...overrides,
});

describe("planImport", () => {
  it("creates a member the site does not know", () => {
    const m = member();
    expect(planImport([m], existing())).toEqual({ actions: [{ kind: "create", member: m }], problems: [] });
  });

  it("leaves a record the import made, unchanged, alone", () => {
    const m = member();
    const plan = planImport([m], existing({ imported: new Map([[m.email, recordOf(m)]]), numbers: new Map([[1042, m.email]]) }));
    expect(plan).toEqual({ actions: [{ kind: "unchanged", member: m }], problems: [] });
  });

  it("keeps a number given before when the file leaves it blank", () => {
    const m = member({ memberNumber: null });
    const plan = planImport([m], existing({ imported: new Map([[m.email, recordOf(m, { memberNumber: 7 })]]) }));
    expect(plan.actions[0]!.kind).toBe("unchanged");
  });

  it("changes an unclaimed record, listing what changes", () => {
    const m = member({ status: "lapsed", periodEnd: "2026-06-30" });
    const plan = planImport([m], existing({ imported: new Map([[m.email, recordOf(member())]]), numbers: new Map([[1042, m.email]]) }));
    expect(plan.actions).toEqual([{ kind: "change", member: m, changes: ["status: active → lapsed", "period end: 2026-12-31 → 2026-06-30"] }]);
  });

  it("skips a record its owner has claimed, so an old file never undoes what the member did on the site", () => {
    const m = member({ periodEnd: "2026-06-30" });
    const plan = planImport([m], existing({ imported: new Map([[m.email, recordOf(member(), { userId: "firebase-uid-1" })]]) }));
    expect(plan.actions[0]).toMatchObject({ kind: "skip", reason: expect.stringContaining("claimed") });
  });

  it("skips an address that already has a membership made on the site", () => {
    const plan = planImport([member()], existing({ madeOnSite: new Set(["ada@example.org"]) }));
    expect(plan.actions[0]).toMatchObject({ kind: "skip", reason: expect.stringContaining("made on the site") });
  });

  it("refuses a member number that belongs to someone else", () => {
    const plan = planImport([member()], existing({ numbers: new Map([[1042, null]]) }));
    expect(plan.problems).toEqual([{ line: 2, column: "member_number", message: "Member number 1042 already belongs to another member" }]);
    const other = planImport([member()], existing({ numbers: new Map([[1042, "bob@example.org"]]) }));
    expect(other.problems).toHaveLength(1);
  });
});
