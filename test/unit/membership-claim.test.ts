/** Who may claim a membership record made for an e-mail address before the first sign-in. */
import { describe, expect, it } from "vitest";
import type { ClaimOutcome } from "../../src/adapters/d1/memberships";
import { claimMembership } from "../../src/services/membership/claim";
import { createRecordingLog } from "../support/worker/memory-store";

function setup(outcome: ClaimOutcome = "claimed") {
  const asked: [string, string][] = [];
  const recording = createRecordingLog();
  const deps = {
    memberships: {
      claimUnclaimed: async (userId: string, email: string) => {
        asked.push([userId, email]);
        return outcome;
      },
    },
    log: recording.log,
  };
  return { deps, asked, lines: recording.lines };
}

describe("claiming a membership by e-mail", () => {
  it("needs an address Firebase has verified", async () => {
    const { deps, asked } = setup();
    expect(await claimMembership(deps, { uid: "u1", email: "a@guild.example", emailVerified: false })).toBe("unverified");
    expect(asked).toEqual([]);
  });

  it("never asks with an empty address", async () => {
    const { deps, asked } = setup();
    for (const email of [null, "", "  "]) expect(await claimMembership(deps, { uid: "u1", email, emailVerified: true })).toBe("unverified");
    expect(asked).toEqual([]);
  });

  it("claims with the lower-case address of a verified token", async () => {
    const { deps, asked, lines } = setup("claimed");
    expect(await claimMembership(deps, { uid: "u1", email: "Ada@Guild.Example", emailVerified: true })).toBe("claimed");
    expect(asked).toEqual([["u1", "ada@guild.example"]]);
    expect(lines).toContainEqual(expect.objectContaining({ event: "membership.claimed", fields: { userId: "u1" } }));
  });

  it("logs a record it could not claim because the user has one already, for staff", async () => {
    const { deps, lines } = setup("conflict");
    expect(await claimMembership(deps, { uid: "u1", email: "a@guild.example", emailVerified: true })).toBe("conflict");
    expect(lines).toContainEqual({ level: "warn", event: "membership.claim_conflict", fields: { userId: "u1" } });
  });
});
