/** The outbox's rules: one dedupe key per event, the retry schedule, signed unsubscribe tokens. */
import { describe, expect, it } from "vitest";
import { afterFailure, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../../src/services/email/backoff";
import { dedupeKey } from "../../src/services/email/dedupe-key";
import { readUnsubscribeToken, unsubscribeToken } from "../../src/services/email/unsubscribe-token";
import { base64url, hmacUnderDerivedKey, hmacUnderSecret } from "../support/unit/keyed-hashes";

const SECRET = "a-test-secret-that-is-at-least-32-characters";
const MINUTE = 60_000;

describe("dedupe keys", () => {
  it("are the kind and the event, so the same event always gives the same key", () => {
    expect(dedupeKey("application-received", "app-1")).toBe("application-received:app-1");
    expect(dedupeKey("application-received", " app-1 ")).toBe(dedupeKey("application-received", "app-1"));
    expect(dedupeKey("application-received", "app-1")).not.toBe(dedupeKey("application-rejected", "app-1"));
    expect(dedupeKey("application-received", "app-1")).not.toBe(dedupeKey("application-received", "app-2"));
  });

  it("name the reader when one event writes to several (staff), whatever the address's case", () => {
    expect(dedupeKey("application-staff-notice", "app-1", "Staff@Guild.example")).toBe("application-staff-notice:app-1:staff@guild.example");
    expect(dedupeKey("application-staff-notice", "app-1", "a@guild.example")).not.toBe(dedupeKey("application-staff-notice", "app-1", "b@guild.example"));
  });

  it("refuse an empty or overlong event id rather than write a key every message would share", () => {
    expect(() => dedupeKey("order-receipt", "  ")).toThrow("must not be empty");
    expect(() => dedupeKey("order-receipt", "x".repeat(301))).toThrow("at most 300 characters");
  });
});

describe("the retry schedule", () => {
  it("waits 1, 5 and 30 minutes, then 2 and 6 hours, and gives up after the sixth attempt", () => {
    expect(MAX_ATTEMPTS).toBe(6);
    expect([1, 2, 3, 4, 5].map((attempt) => afterFailure(attempt, false))).toEqual(
      [1, 5, 30, 120, 360].map((minutes) => ({ retry: true, delayMs: minutes * MINUTE })),
    );
    expect(afterFailure(6, false)).toEqual({ retry: false });
    expect(afterFailure(7, false)).toEqual({ retry: false });
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBe(516 * MINUTE);
  });

  it("gives up at once when sending the same message again cannot succeed", () => {
    expect(afterFailure(1, true)).toEqual({ retry: false });
  });
});

describe("unsubscribe tokens", () => {
  const subject = { userId: "user-123", category: "webinar-reminders" } as const;

  it("name the user and the category they were made for", async () => {
    const token = await unsubscribeToken(SECRET, subject);
    expect(await readUnsubscribeToken(SECRET, token)).toEqual(subject);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.webinar-reminders\.[A-Za-z0-9_-]{43}$/);
  });

  it("are signed with a key of their own, derived from the secret under its own label, never with the secret itself", async () => {
    const message = `email-unsubscribe:v1:${subject.userId.length}:${subject.userId}:${subject.category}`;
    const signature = (await unsubscribeToken(SECRET, subject)).split(".")[2];
    expect(signature).not.toBe(base64url(await hmacUnderSecret(SECRET, message)));
    expect(signature).toBe(base64url(await hmacUnderDerivedKey(SECRET, "guildhall email-unsubscribe v1", message)));
  });

  it("still read the links sent before that key was derived (an unsubscribe link never expires)", async () => {
    const message = `email-unsubscribe:v1:${subject.userId.length}:${subject.userId}:${subject.category}`;
    const sent = `${btoa(subject.userId).replace(/=+$/, "")}.${subject.category}.${base64url(await hmacUnderSecret(SECRET, message))}`;
    expect(await readUnsubscribeToken(SECRET, sent)).toEqual(subject);
    expect(await readUnsubscribeToken(`${SECRET}-other`, sent)).toBeNull();
  });

  it("keep user ids of any characters intact", async () => {
    const odd = { userId: "email:ada.lovelace+x@example.org", category: "membership-reminders" } as const;
    expect(await readUnsubscribeToken(SECRET, await unsubscribeToken(SECRET, odd))).toEqual(odd);
  });

  it("refuse a token signed with another secret", async () => {
    expect(await readUnsubscribeToken(SECRET, await unsubscribeToken(`${SECRET}-other`, subject))).toBeNull();
  });

  it("refuse a token altered to name another user or another category", async () => {
    const token = await unsubscribeToken(SECRET, subject);
    const [, category, signature] = token.split(".");
    const otherUser = btoa("user-456").replace(/=+$/, "");
    expect(await readUnsubscribeToken(SECRET, `${otherUser}.${category}.${signature}`)).toBeNull();
    expect(await readUnsubscribeToken(SECRET, token.replace(".webinar-reminders.", ".webinar-recordings."))).toBeNull();
  });

  it("refuse a token for a category that cannot be turned off", async () => {
    const token = await unsubscribeToken(SECRET, subject);
    expect(await readUnsubscribeToken(SECRET, token.replace(".webinar-reminders.", ".transactional."))).toBeNull();
  });

  it("refuse any change to the signature, including its spare bits", async () => {
    const token = await unsubscribeToken(SECRET, subject);
    for (let i = token.length - 43; i < token.length; i++) {
      for (const replacement of ["A", "B", "Q", "w", "-"]) {
        if (token[i] === replacement) continue;
        const altered = token.slice(0, i) + replacement + token.slice(i + 1);
        expect(await readUnsubscribeToken(SECRET, altered), altered).toBeNull();
      }
    }
  });

  it("refuse missing, malformed and oversized tokens", async () => {
    const token = await unsubscribeToken(SECRET, subject);
    for (const bad of [null, undefined, "", "abc", `${token}.x`, token.split(".").slice(0, 2).join("."), `.webinar-reminders.${token.split(".")[2]}`, `${token}${"A".repeat(600)}`, token.replace(/\./g, "%2E")]) {
      expect(await readUnsubscribeToken(SECRET, bad)).toBeNull();
    }
  });
});
