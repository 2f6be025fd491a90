/**
 * The order of erasing an account (services/privacy/account-erasure.ts) with recording stand-ins
 * for D1, Firebase and Stripe: the password first, then what blocks it, then the card
 * subscription, the one D1 batch, and the Firebase account last; nothing happens after a
 * refusal. The real thing runs in test/integration/privacy.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { ErasureFacts, PersonalDataStore } from "../../../src/adapters/d1/personal-data";
import { IdentityError } from "../../../src/domain/identity-errors";
import type { Session } from "../../../src/domain/session";
import { createAccountErasure } from "../../../src/services/privacy/account-erasure";
import { createPseudonyms } from "../../../src/services/privacy/pseudonyms";
import { hex, hmacUnderDerivedKey, hmacUnderSecret } from "../../support/unit/keyed-hashes";
import { createRecordingLog } from "../../support/worker/memory-store";

const session: Session = { id: "s1", userId: "uid-1", email: "Ada@Guild.example", emailVerified: true, authTime: 0, expiresAt: 0, secondFactorAt: null };
const NOTHING: ErasureFacts = { onStaffList: false, cardSubscriptionId: null, memberNumber: 42, latestApplicationId: "app-1" };

function setup(facts: Partial<ErasureFacts> = {}, options: { password?: string; signInError?: string; stripe?: boolean; filesFail?: boolean } = {}) {
  const calls: string[] = [];
  const erased: Parameters<PersonalDataStore["erase"]>[] = [];
  const store: PersonalDataStore = {
    rowsOf: async () => ({}),
    facts: async () => ({ ...NOTHING, ...facts }),
    erase: async (...args) => {
      calls.push("d1 batch");
      erased.push(args);
    },
  };
  const erasure = createAccountErasure({
    store,
    identity: {
      signInWithPassword: async (email, password) => {
        calls.push(`sign in ${email}`);
        if (options.signInError) throw new IdentityError(options.signInError, options.signInError);
        if (password !== (options.password ?? "right")) throw new IdentityError("auth/invalid-credential", "INVALID_LOGIN_CREDENTIALS");
        return { idToken: "fresh-token", refreshToken: "r", uid: "uid-1" };
      },
      deleteAccount: async (idToken) => void calls.push(`delete firebase account with ${idToken}`),
    },
    billing: options.stripe === false ? null : { cancelSubscription: async (id) => void calls.push(`cancel ${id}`) },
    pseudonyms: createPseudonyms("a-session-secret-of-at-least-32-characters"),
    files: {
      sweep: async () => {
        calls.push("delete files");
        if (options.filesFail) throw new Error("R2 is down");
      },
    },
    log: createRecordingLog().log,
  });
  return { erasure, calls, erased };
}

describe("erasing an account", () => {
  it("re-authenticates, erases D1 in one batch, then deletes the Firebase account with the fresh token", async () => {
    const { erasure, calls, erased } = setup();
    expect(await erasure.erase(session, "right")).toEqual({ kind: "erased" });
    expect(calls).toEqual(["sign in Ada@Guild.example", "d1 batch", "delete files", "delete firebase account with fresh-token"]);
    const [subject, emailHash, audit] = erased[0]!;
    expect(subject).toEqual({ userId: "uid-1", email: "ada@guild.example", emailVerified: true });
    expect(emailHash).toMatch(/^erased:[0-9a-f]{64}$/);
    expect(audit).toMatchObject({ action: "account.erased", staffEmail: emailHash, applicationId: "app-1", details: { by: "member", memberNumber: 42 } });
    expect(JSON.stringify(audit)).not.toMatch(/ada|uid-1/i);
  });

  it("cancels a card subscription before the batch", async () => {
    const { erasure, calls } = setup({ cardSubscriptionId: "sub_1" });
    expect((await erasure.preview(session)).cancelsCardSubscription).toBe(true);
    await erasure.erase(session, "right");
    expect(calls).toEqual(["sign in Ada@Guild.example", "cancel sub_1", "d1 batch", "delete files", "delete firebase account with fresh-token"]);
  });

  it("still erases when the files cannot be deleted now (the daily job deletes them)", async () => {
    const { erasure, calls } = setup({}, { filesFail: true });
    expect(await erasure.erase(session, "right")).toEqual({ kind: "erased" });
    expect(calls).toEqual(["sign in Ada@Guild.example", "d1 batch", "delete files", "delete firebase account with fresh-token"]);
  });

  it("does nothing after a wrong password or too many attempts", async () => {
    const wrong = setup();
    expect(await wrong.erasure.erase(session, "wrong")).toEqual({ kind: "wrong-password" });
    expect(wrong.calls).toEqual(["sign in Ada@Guild.example"]);
    const limited = setup({}, { signInError: "auth/too-many-requests" });
    expect(await limited.erasure.erase(session, "right")).toEqual({ kind: "too-many-attempts" });
    expect(limited.erased).toEqual([]);
  });

  it("refuses while the address is on the staff list, or a card subscription cannot be stopped", async () => {
    const staff = setup({ onStaffList: true });
    expect(await staff.erasure.preview(session)).toEqual({ blocked: "on-staff-list", cancelsCardSubscription: false });
    expect(await staff.erasure.erase(session, "right")).toEqual({ kind: "blocked", block: "on-staff-list" });
    expect(staff.calls).toEqual(["sign in Ada@Guild.example"]);
    const noStripe = setup({ cardSubscriptionId: "sub_1" }, { stripe: false });
    expect(await noStripe.erasure.erase(session, "right")).toEqual({ kind: "blocked", block: "card-payments-unavailable" });
    expect(noStripe.erased).toEqual([]);
  });

  it("lets a Firebase failure after the batch reach the caller (the person can sign in and ask again)", async () => {
    const failing = createAccountErasure({
      store: { rowsOf: async () => ({}), facts: async () => NOTHING, erase: async () => undefined },
      identity: {
        signInWithPassword: async () => ({ idToken: "t", refreshToken: "r", uid: "uid-1" }),
        deleteAccount: async () => {
          throw new IdentityError("auth/network-request-failed", "down");
        },
      },
      billing: null,
      pseudonyms: createPseudonyms("a-session-secret-of-at-least-32-characters"),
      files: { sweep: async () => undefined },
      log: createRecordingLog().log,
    });
    await expect(failing.erase(session, "right")).rejects.toThrow(IdentityError);
  });
});

describe("pseudonyms for erased members", () => {
  const pseudonyms = createPseudonyms("a-session-secret-of-at-least-32-characters");

  it("give the same value for the same address in any case, and different values for different addresses or keys", async () => {
    const one = await pseudonyms.email("ada@guild.example");
    expect(one).toMatch(/^erased:[0-9a-f]{64}$/);
    expect(await pseudonyms.email(" ADA@guild.example ")).toBe(one);
    expect(await pseudonyms.email("bea@guild.example")).not.toBe(one);
    expect(await createPseudonyms("another-session-secret-of-32-characters!").email("ada@guild.example")).not.toBe(one);
  });

  it("are keyed with a key of their own, derived from the session secret under its own label (so existing ones never change)", async () => {
    const secret = "a-session-secret-of-at-least-32-characters";
    const message = "email:ada@guild.example";
    expect(await pseudonyms.email("ada@guild.example")).not.toBe(`erased:${hex(await hmacUnderSecret(secret, message))}`);
    expect(await pseudonyms.email("ada@guild.example")).toBe(`erased:${hex(await hmacUnderDerivedKey(secret, "guildhall erased-member pseudonyms v1", message))}`);
  });

  it("are not a plain hash of the address (a guessed address cannot be checked without the key)", async () => {
    const plain = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode("ada@guild.example")))].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(await pseudonyms.email("ada@guild.example")).not.toContain(plain);
    expect(await pseudonyms.userId("uid-1")).toMatch(/^[0-9a-f]{16}$/);
  });
});
