/** The directory's rules with an in-memory store: members only, defaults, the per-member browsing limit. */
import { describe, expect, it } from "vitest";
import type { DirectoryStore } from "../../src/adapters/d1/directory";
import type { DirectoryEntry } from "../../src/domain/directory";
import { AppError } from "../../src/errors";
import { createDirectoryService } from "../../src/services/directory/directory-service";
import { createRecordingLog } from "../support/worker/memory-store";

const NOW = new Date("2026-06-01T12:00:00Z");
const SEARCH = { text: "ada", words: ["ada"], after: { id: 7, name: null }, before: null };
const row = (id: number) => ({ key: { id, name: null }, listing: { displayName: `Member ${id}`, town: null, workplace: null, specialisation: null, email: null, phone: null } });

function setup(options: { member?: boolean; allowed?: number; rows?: number; more?: boolean } = {}) {
  const saved = new Map<string, DirectoryEntry>();
  const searches: unknown[] = [];
  const keys: string[] = [];
  const store: DirectoryStore = {
    entry: async (userId) => saved.get(userId) ?? null,
    prefill: async (userId) =>
      userId === "applicant" ? { displayName: "Ada Lovelace", town: "Exeter", workplace: null, specialisation: "Oncology", email: "ada@example.com", phone: "01632 960 001" } : null,
    save: async (userId, entry) => void saved.set(userId, entry),
    remove: async (userId) => void saved.delete(userId),
    page: async (search, opts) => {
      searches.push({ search, ...opts });
      return { rows: Array.from({ length: options.rows ?? 0 }, (_, i) => row(i + 10)), more: options.more ?? false };
    },
    keepGraceDays: async () => 0,
  };
  let remaining = options.allowed ?? Infinity;
  const service = createDirectoryService({
    store,
    isMember: async () => options.member ?? true,
    limiter: { limit: async ({ key }) => (keys.push(key), { success: remaining-- > 0 }) },
    now: () => NOW,
    log: createRecordingLog().log,
  });
  return { service, saved, searches, keys };
}

describe("the member's own entry", () => {
  it("starts from the join application, showing the specialisation only", async () => {
    const { service } = setup();
    expect(await service.ownEntry("applicant", "account@example.com")).toEqual({
      listed: false,
      entry: {
        displayName: "Ada Lovelace",
        town: "Exeter",
        workplace: null,
        specialisation: "Oncology",
        email: "ada@example.com",
        phone: "01632 960 001",
        show: { town: false, workplace: false, specialisation: true, email: false, phone: false },
      },
    });
  });

  it("falls back to the account's e-mail address with no application", async () => {
    const { service } = setup();
    expect((await service.ownEntry("someone", "account@example.com")).entry).toMatchObject({ displayName: "", email: "account@example.com" });
  });

  it("lists a member, and only a member", async () => {
    const entry = (await setup().service.ownEntry("applicant", null)).entry;
    const member = setup();
    await member.service.join("applicant", entry);
    expect((await member.service.ownEntry("applicant", null)).listed).toBe(true);
    await member.service.leave("applicant");
    expect(member.saved.size).toBe(0);

    const nonMember = setup({ member: false });
    await expect(nonMember.service.join("applicant", entry)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(nonMember.saved.size).toBe(0);
  });
});

describe("browsing", () => {
  it("asks the store for a page of 20 with the clock", async () => {
    const { service, searches, keys } = setup();
    await service.search("viewer", SEARCH);
    expect(searches).toEqual([{ search: SEARCH, now: NOW, pageSize: 20 }]);
    expect(keys).toEqual(["directory:user:viewer"]);
  });

  it("links on from the page's first and last members only where there is more that way", async () => {
    const key = (id: number) => ({ id, name: null });
    const firstPage = await setup({ rows: 20, more: true }).service.search("viewer", { ...SEARCH, after: null });
    expect(firstPage).toMatchObject({ previous: null, next: key(29) });
    expect(firstPage.listings).toHaveLength(20);
    expect(await setup({ rows: 3, more: false }).service.search("viewer", SEARCH)).toMatchObject({ previous: key(10), next: null });
    expect(await setup({ rows: 20, more: true }).service.search("viewer", { ...SEARCH, after: null, before: key(40) })).toMatchObject({ previous: key(10), next: key(29) });
    expect(await setup({ rows: 20, more: false }).service.search("viewer", { ...SEARCH, after: null, before: key(30) })).toMatchObject({ previous: null, next: key(29) });
    expect(await setup({ rows: 0 }).service.search("viewer", { ...SEARCH, after: null })).toEqual({ listings: [], previous: null, next: null });
  });

  it("refuses a member over the limit with RATE_LIMITED, without asking the store", async () => {
    const { service, searches } = setup({ allowed: 1 });
    await service.search("viewer", SEARCH);
    const refused = await service.search("viewer", SEARCH).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(searches).toHaveLength(1);
  });
});
