/** The editors' redirects: matching, chains, loops and targets on other sites. */
import { describe, expect, it } from "vitest";
import type { Redirect } from "../../src/domain/content";
import { MAX_HOPS, redirectKey, resolveRedirect } from "../../src/services/content/redirects";
import { HOSTILE_URLS } from "../fixtures/hostile-urls";

const SITE = "https://guild.example";
const rule = (from: string, to: string, extra: Partial<Redirect> = {}): Redirect => ({ from, to, permanent: true, external: false, ...extra });
const resolve = (rules: Redirect[], path: string) => resolveRedirect(rules, new URL(path, SITE), SITE);

describe("resolveRedirect", () => {
  it("answers nothing for an address no rule names", () => {
    expect(resolve([rule("/old", "/new")], "/other")).toBeNull();
  });

  it("sends an old address on with 301, or 302 when the editor says it is temporary", () => {
    expect(resolve([rule("/old", "/new")], "/old")).toEqual({ kind: "redirect", location: "/new", status: 301 });
    expect(resolve([rule("/old", "/new", { permanent: false })], "/old")).toEqual({ kind: "redirect", location: "/new", status: 302 });
  });

  it("matches whatever the letter case and a trailing slash", () => {
    const rules = [rule("/About-Us/", "/about")];
    for (const path of ["/about-us", "/ABOUT-US/", "/About-Us"]) expect(resolve(rules, path)).toMatchObject({ location: "/about" });
  });

  it("matches addresses with characters outside ASCII however they are written", () => {
    expect(resolve([rule("/über-uns", "/about")], "/%C3%BCber-uns")).toMatchObject({ location: "/about" });
  });

  it("keeps the visitor's query string unless the target has its own", () => {
    expect(resolve([rule("/old", "/new")], "/old?utm_source=journal")).toMatchObject({ location: "/new?utm_source=journal" });
    expect(resolve([rule("/old", "/new?tab=2")], "/old?utm_source=journal")).toMatchObject({ location: "/new?tab=2" });
  });

  it("reads an absolute target on this site as a path", () => {
    expect(resolve([rule("/old", `${SITE}/new#part`)], "/old")).toMatchObject({ location: "/new#part" });
  });

  it("answers one step of a chain at a time, each with its own status", () => {
    const chain = [rule("/a", "/b"), rule("/b", "/c", { permanent: false }), rule("/c", "/d")];
    expect(resolve(chain, "/a")).toEqual({ kind: "redirect", location: "/b", status: 301 });
    expect(resolve(chain, "/b")).toEqual({ kind: "redirect", location: "/c", status: 302 });
    expect(resolve(chain, "/c")).toEqual({ kind: "redirect", location: "/d", status: 301 });
  });

  it("refuses a loop, whatever its length, rather than sending the browser round it", () => {
    expect(resolve([rule("/a", "/a/")], "/a")).toMatchObject({ kind: "refused", reason: "loop" });
    expect(resolve([rule("/a", "/b"), rule("/b", "/a")], "/a")).toMatchObject({ kind: "refused", reason: "loop" });
    expect(resolve([rule("/a", "/b"), rule("/b", "/c"), rule("/c", "/A")], "/b")).toMatchObject({ kind: "refused", reason: "loop" });
    expect(resolve([rule("/start", "/a"), rule("/a", "/b"), rule("/b", "/a")], "/start")).toMatchObject({ kind: "refused", reason: "loop" });
  });

  it(`refuses a chain longer than ${MAX_HOPS} steps`, () => {
    const long = Array.from({ length: MAX_HOPS + 1 }, (_, i) => rule(`/p${i}`, `/p${i + 1}`));
    expect(resolve(long, "/p0")).toMatchObject({ kind: "refused", reason: "too-long" });
    expect(resolve(long.slice(1), "/p1")).toMatchObject({ kind: "redirect", location: "/p2" });
  });

  it("stops following at a step to another site", () => {
    expect(resolve([rule("/a", "https://journal.example/a", { external: true }), rule("/journal", "/a")], "/journal")).toMatchObject({ kind: "redirect", location: "/a" });
  });

  it("refuses a target on another site unless the editor marked the redirect external", () => {
    expect(resolve([rule("/journal", "https://journal.example/issue-4")], "/journal")).toMatchObject({ kind: "refused", reason: "off-site" });
    expect(resolve([rule("/journal", "https://journal.example/issue-4", { external: true })], "/journal?x=1")).toEqual({
      kind: "redirect",
      location: "https://journal.example/issue-4?x=1",
      status: 301,
    });
  });

  it("counts what browsers read as another site as one, and never follows other schemes", () => {
    for (const to of ["//evil.example/", "\\\\evil.example/", "/\\evil.example/", " https://evil.example", "http://guild.example/"]) {
      expect(resolve([rule("/x", to)], "/x"), to).toMatchObject({ kind: "refused", reason: "off-site" });
    }
    for (const to of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "mailto:a@b.example"]) {
      expect(resolve([rule("/x", to, { external: true })], "/x"), to).toMatchObject({ kind: "refused", reason: "not-http" });
    }
  });

  it("never sends a visitor off-site through any of the hostile URLs of the shared corpus", () => {
    for (const to of HOSTILE_URLS) {
      const outcome = resolve([rule("/x", to)], "/x");
      if (outcome?.kind === "redirect") expect(new URL(outcome.location, SITE).origin, to).toBe(SITE);
    }
  });

  it("ignores a rule whose from is not a path on this site", () => {
    expect(resolve([rule("https://evil.example/x", "/new"), rule("//x", "/new")], "/x")).toBeNull();
  });

  it("lets the first rule for an address win", () => {
    expect(resolve([rule("/old", "/first"), rule("/OLD/", "/second")], "/old")).toMatchObject({ location: "/first" });
  });
});

describe("redirectKey", () => {
  it.each([
    ["/", "/"],
    ["/About/", "/about"],
    ["/a//", "/a"],
    ["/%C3%BC", "/%c3%bc"],
  ])("%s → %s", (path, key) => expect(redirectKey(path)).toBe(key));
});
