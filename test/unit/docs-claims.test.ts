/// <reference types="vite/client" />
/**
 * What the README and the handbooks in docs/ name must exist in the code, so a reader is never sent
 * to a setting, a page, a Stripe event or a file that is not there (or was renamed): every name in
 * backticks that looks like a variable or binding is in the configuration schema or in the code;
 * every site address under the app's own areas is a route the app serves (with the method, when
 * one is given); every Stripe event is one the webhook handles; every Stripe permission in a table
 * is one the Worker needs; every role table says what the role rules say; every repository path
 * exists; every link between the documents leads to a file and a heading that exist.
 *
 * The decision notes are not read: they record what was decided at the time and are never
 * rewritten (a later note amends them).
 */
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { memberArea } from "../../src/member-area";
import { sections } from "../../src/sections-area";
import { stripeWebhookArea } from "../../src/stripe-webhook-area";
import { buildStaffAreaServices, staffArea, staffGate } from "../../src/staff-area";
import { EnvSchema } from "../../src/env";
import { STRIPE_PERMISSIONS } from "../../src/adapters/stripe/api-permissions";
import { HANDLED_EVENTS } from "../../src/services/payments/stripe-webhook";
import { roleMay, staffAreaOf, type StaffAccessArea } from "../../src/services/staff/staff-access";
import type { StaffRole } from "../../src/domain/staff";

// Patterns from the repository's root, so every key is `/` and the path from there.
const rawDocs = import.meta.glob<string>(["/README.md", "/docs/*.md"], { query: "?raw", import: "default", eager: true });
/** Each document by its repository path (`README.md`, `docs/staff-handbook.md`). */
const DOCS = Object.fromEntries(Object.entries(rawDocs).map(([path, text]) => [path.slice(1), text]));

/** The code a documented name may live in: the Worker, the browser code, the scripts, the CMS, the tests' set-up. */
const CODE = Object.values(
  import.meta.glob<string>(
    [
      "/src/**/*.{ts,tsx}",
      "/client/**/*.ts",
      "/scripts/**/*.{mjs,tsx}",
      "/cms/src/**/*.{js,ts,json}",
      "/cms/config/**/*.{js,ts}",
      "/cms/scripts/**/*.js",
      "/cms/Dockerfile",
      "/test/support/**/*.ts",
      "/test/e2e/support/*.ts",
      "/vitest.config.ts",
      "/wrangler.toml",
    ],
    { query: "?raw", import: "default", eager: true },
  ),
).join("\n");

/** Every file in the repository's own folders (paths only; nothing is loaded). */
const FILES = Object.keys(
  import.meta.glob([
    "/src/**/*",
    "/client/**/*",
    "/test/**/*",
    "/scripts/**/*",
    "/migrations/*",
    "/docs/**/*",
    "/cms/src/**/*",
    "/cms/config/**/*",
    "/cms/scripts/**/*",
  ]),
).map((path) => path.slice(1));

// import.meta.glob leaves out the file that asks, so this one is added by hand.
FILES.push("test/unit/docs-claims.test.ts");

/** Built by the install and the test set-up, never committed. */
const BUILT = ["src/generated/"];

const spans = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!.trim());

/** Every backticked span of every document, with the document it is in. */
const claims = Object.entries(DOCS).flatMap(([doc, text]) => spans(text).map((span) => ({ doc, span })));

describe("the documents", () => {
  it("are the README and the handbooks", () => {
    expect(Object.keys(DOCS)).toEqual(expect.arrayContaining(["README.md", "docs/staff-handbook.md", "docs/editors-handbook.md", "docs/operators-guide.md", "docs/engineering.md"]));
    expect(claims.length).toBeGreaterThan(500);
  });
});

describe("variables and bindings", () => {
  const schema = new Set(Object.keys(EnvSchema.shape));
  const names = claims.filter(({ span }) => /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(span) || schema.has(span));

  it("name only what the configuration schema or the code reads", () => {
    const unknown = names.filter(({ span }) => !schema.has(span) && !new RegExp(`\\b${span}\\b`).test(CODE));
    expect(unknown).toEqual([]);
  });

  it("set as Worker secrets are in the configuration schema", () => {
    const put = Object.entries(DOCS).flatMap(([doc, text]) => [...text.matchAll(/wrangler secret put ([A-Z][A-Z0-9_]*)/g)].map((m) => ({ doc, name: m[1]! })));
    expect(put.length).toBeGreaterThan(0);
    expect(put.filter(({ name }) => name !== "NAME" && !schema.has(name))).toEqual([]);
  });
});

describe("site addresses", () => {
  // The app's own areas; other first segments are editors' pages (/about, /patients/…).
  const AREAS = ["staff", "user", "api", "account", "members", "certificates", "dev", "email", "join", "cart", "register", "login", "password-reset", "webinars", "articles", "memberships", "uploads"];
  const ADDRESS = new RegExp(`^(?:(GET|POST|PUT|DELETE|PATCH) )?(/(?:${AREAS.join("|")})(?:[/.?#][^\\s]*)?)$`);
  // Addresses the docs name that are not routes of their own, each for a reason.
  const NOT_ROUTES = new Map([
    ["/staff", "the staff area's prefix (an editor's page may not take it)"],
    ["/user/{slug}", "an editor's page of type User, served by the general pages' route"],
    ["/user/cpd-log", "an old address a seeded redirect in the CMS answers"],
  ]);
  const routes = buildApp({ members: memberArea(), sections: sections(), staff: { routes: staffArea(), gate: staffGate() }, stripeWebhook: stripeWebhookArea(), services: buildStaffAreaServices })
    .routes.filter((route) => route.method !== "ALL")
    // The general pages' catch-all routes would match any address: documented addresses must be routes of their own.
    .filter((route) => !/^\/:(?:type|slug)\{/.test(route.path))
    .map((route) => ({ method: route.method, segments: route.path.split("/") }));

  const segmentsOf = (address: string) =>
    address
      .replace(/[?#].*$/, "")
      .replace(/\/$/, "")
      .split("/");
  const isParam = (segment: string) => /^(\{[^}]*\}|:\w+|<[^>]*>|…)$/.test(segment);
  /** `/staff/*` or `/user/…`: an area, served when some route lies under it. */
  const underArea = (address: string) => {
    const segments = segmentsOf(address);
    if (!["*", "…"].includes(segments.at(-1)!)) return false;
    const prefix = segments.slice(0, -1);
    return routes.some((route) => route.segments.length > prefix.length && prefix.every((segment, i) => route.segments[i] === segment));
  };
  const served = (method: string | undefined, address: string) =>
    underArea(address) ||
    routes.some(
      (route) =>
        (!method || route.method === method) &&
        route.segments.length === segmentsOf(address).length &&
        route.segments.every((segment, i) => {
          const wanted = segmentsOf(address)[i]!;
          return segment.startsWith(":") ? wanted !== "" : segment === wanted && !isParam(wanted);
        }),
    );

  const addresses = claims.flatMap(({ doc, span }) => {
    const match = ADDRESS.exec(span);
    return match ? [{ doc, method: match[1], address: match[2]! }] : [];
  });

  it("are found in the documents", () => {
    expect(addresses.length).toBeGreaterThan(100);
  });

  it("under the app's areas are routes it serves, with the method when one is named", () => {
    const unserved = addresses.filter(({ method, address }) => !NOT_ROUTES.has(address.replace(/[?#].*$/, "")) && !served(method, address));
    expect(unserved).toEqual([]);
  });
});

describe("Stripe", () => {
  const STRIPE_OBJECTS = ["checkout", "invoice", "customer", "charge", "payment_intent", "invoice_payment", "refund", "dispute"];
  const events = claims.filter(({ span }) => new RegExp(`^(?:${STRIPE_OBJECTS.join("|")})\\.[a-z_]+(?:\\.[a-z_]+)*$`).test(span));

  it("events named are events the webhook handles", () => {
    expect(events.length).toBeGreaterThan(5);
    expect(events.filter(({ span }) => !(HANDLED_EVENTS as readonly string[]).includes(span))).toEqual([]);
  });

  it("permissions in a table are the ones the Worker's calls need, at the access they need", () => {
    const needed = new Set(STRIPE_PERMISSIONS.map((p) => `${p.permission}: ${p.access}`));
    const rows = Object.entries(DOCS).flatMap(([doc, text]) => [...text.matchAll(/^\s*\| ([A-Za-z][A-Za-z ]*?) \| (Read|Write) \|/gm)].map((m) => ({ doc, permission: `${m[1]}: ${m[2]}` })));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter(({ permission }) => !needed.has(permission))).toEqual([]);
  });
});

describe("staff role tables", () => {
  const ROLES: Record<string, StaffRole> = { Administrator: "admin", Membership: "membership", Finance: "finance", "Read-only": "read_only" };
  const AREAS: StaffAccessArea[] = ["membership", "finance", "reports", "communications", "team"];
  // An area "changes" only where the app serves something but GET under it (the dashboard only shows).
  const changeable = new Set(
    staffArea()
      .routes.filter((route) => route.path.startsWith("/staff/") && !["GET", "ALL"].includes(route.method))
      .map((route) => staffAreaOf(route.path)),
  );
  const cell = (role: StaffRole, area: StaffAccessArea) =>
    changeable.has(area) && roleMay(role, area, true) ? "view and change" : roleMay(role, area, false) ? "view" : "—";
  const tables = Object.entries(DOCS).flatMap(([doc, text]) =>
    [...text.matchAll(/^\| Role \| Membership[^\n]*\| Finance[^\n]*\| Reports[^\n]*\| Communications[^\n]*\| Team[^\n]*\|\n\|[-|]+\|\n((?:\|[^\n]*\|\n?)+)/gm)].map((m) => ({ doc, rows: m[1]!.trim().split("\n") })),
  );

  it("say what each role may view and change, as the role rules do", () => {
    expect(tables.length).toBeGreaterThan(0);
    for (const { doc, rows } of tables) {
      const documented = rows.map((row) => row.split("|").slice(1, -1).map((c) => c.trim().replace(/\s*\(.*\)$/, "")));
      const expected = Object.entries(ROLES).map(([name, role]) => [name, ...AREAS.map((area) => cell(role, area))]);
      expect(documented, doc).toEqual(expected);
    }
  });
});

describe("repository paths", () => {
  const FOLDERS = /^(?:src|client|test|scripts|migrations|docs|cms\/(?:src|config|scripts))\//;
  const paths = claims.flatMap(({ doc, span }) => {
    const path = span.split(/\s/)[0]!;
    return FOLDERS.test(path) ? [{ doc, path }] : [];
  });
  const exists = (path: string) => {
    if (BUILT.some((folder) => path.startsWith(folder))) return true;
    if (path.includes("*")) {
      const pattern = new RegExp(`^${path.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`);
      return FILES.some((file) => pattern.test(file));
    }
    return FILES.some((file) => file === path || file.startsWith(path.endsWith("/") ? path : `${path}/`) || (/^migrations\/\d{4}$/.test(path) && file.startsWith(path)));
  };

  it("exist", () => {
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter(({ path }) => !exists(path))).toEqual([]);
  });
});

describe("links between the documents", () => {
  /** GitHub's anchor for a heading. */
  const anchor = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, "")
      .replace(/ /g, "-");
  const anchorsOf = (text: string) => new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!.trim())));
  const resolve = (from: string, target: string) => {
    const parts = [...from.split("/").slice(0, -1), ...target.split("/")];
    const out: string[] = [];
    for (const part of parts) part === ".." ? out.pop() : part !== "." && out.push(part);
    return out.join("/");
  };

  it("lead to documents and headings that exist", () => {
    const broken: string[] = [];
    for (const [doc, text] of Object.entries(DOCS)) {
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [file, hash] = target!.split("#");
        const path = file ? resolve(doc, file) : doc;
        if (!path.endsWith(".md")) {
          if (!FILES.some((f) => f === path || f.startsWith(`${path}/`)) && !["cms/README.md"].includes(path)) broken.push(`${doc}: ${target}`);
          continue;
        }
        const linked = DOCS[path];
        if (linked === undefined) {
          if (!FILES.includes(path) && path !== "cms/README.md") broken.push(`${doc}: ${target} (no such file)`);
          continue;
        }
        if (hash && !anchorsOf(linked).has(hash)) broken.push(`${doc}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
