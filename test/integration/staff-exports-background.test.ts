/**
 * Background exports, against the real local D1 and R2: a list past what one download holds
 * (lowered to 26,000 rows here: EXPORT_DOWNLOAD_MAX_ROWS in the test bindings) is offered as a
 * background export instead of refused; the job writes the whole file into R2 in keyset pages as
 * a multipart upload (R2's real 5 MiB parts, so 30,000 applications make two parts); an export
 * cut off between uploading a part and recording it, and again between assembling the file and
 * offering it, still holds every row once; the file is handed only to staff whose role includes
 * the list, privately and audited; and it is deleted once it expires.
 *
 * The jobs queue's steps are driven here through the same service the consumer runs, with the
 * hand-overs recorded, so a test knows when the export is done.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApplicationStore } from "../../src/adapters/d1/applications";
import { createAuditLog } from "../../src/adapters/d1/audit-log";
import { createLedgerStore } from "../../src/adapters/d1/ledger";
import { createMembersRegisterStore } from "../../src/adapters/d1/members-register";
import { createOrderStore } from "../../src/adapters/d1/orders";
import { createOutboxStore } from "../../src/adapters/d1/outbox";
import { createStaffExportStore, type StaffExportStore } from "../../src/adapters/d1/staff-exports";
import { createExportFiles, type ExportFiles } from "../../src/adapters/r2/export-files";
import type { StaffExport } from "../../src/domain/staff-exports";
import { log } from "../../src/log";
import { createEmailOutbox } from "../../src/services/email/outbox";
import { continueExport, type BackgroundExportDeps } from "../../src/services/exports/background-export";
import { exportSources } from "../../src/services/exports/export-sources";
import { createStaffExports } from "../../src/services/exports/staff-exports";
import { createUser, TestBrowser, verifyEmail } from "../support/worker/browser";
import { signedInStaff, STAFF } from "../support/worker/staff";

const ROWS = 30_000;
const DETAILS = JSON.stringify({
  phone: "0117 496 0000",
  address: { line1: "1 Export Street", line2: "Flat 2", town: "Bristol", region: "Avon", postcode: "BS1 1AA", country: "United Kingdom" },
  professional: { registrationNumber: "RN-000000", specialisation: "Orthodontics and everything around it", workplace: "The Export Practice", yearQualified: 2001 },
  declaration: { termsAcceptedAt: "2026-01-05T10:15:00.000Z", privacyAcceptedAt: "2026-01-05T10:16:00.000Z" },
});
const DAY = 86_400_000;

let staff: TestBrowser;

const store = () => createStaffExportStore(env.DB);
const files = () => createExportFiles(env.EXPORTS);

/** The job as the jobs queue's consumer runs it, with its hand-overs recorded rather than queued. */
function job(overrides: Partial<BackgroundExportDeps> = {}) {
  const handedOn: string[] = [];
  const queued: string[] = [];
  const source = exportSources({
    register: createMembersRegisterStore(env.DB),
    applications: createApplicationStore(env.DB),
    orders: createOrderStore(env.DB),
    ledger: createLedgerStore(env.DB),
    graceDays: 30,
    stateWords: (entry) => entry.state.kind,
  });
  const deps: BackgroundExportDeps = {
    store: store(),
    files: files(),
    source: (exported) => source(exported.kind, exported.filter, new Date(exported.requestedAt)),
    outbox: createEmailOutbox({ store: createOutboxStore(env.DB), queue: { enqueue: async (ids) => void queued.push(...ids) }, newId: () => crypto.randomUUID(), log }),
    continueLater: async (id) => void handedOn.push(id),
    log,
    now: () => new Date(),
    ...overrides,
  };
  return { deps, handedOn, queued };
}

/** Runs steps until the export stops handing itself on; returns how many steps ran. */
async function drain(deps: BackgroundExportDeps, handedOn: string[], id: string): Promise<number> {
  let steps = 0;
  handedOn.push(id);
  while (handedOn.length > 0 && steps < 100) {
    await continueExport(deps, handedOn.shift()!);
    steps += 1;
  }
  return steps;
}

/** Asks for an export of the paid applications the way the staff page does; returns its id. */
async function askForPaidApplications(): Promise<string> {
  const asked = await staff.post("/staff/exports/applications", { status: "paid", q: "" });
  expect(asked.status).toBe(303);
  const id = new URL(asked.headers.get("Location")!, "http://localhost").searchParams.get("requested");
  expect(id).toBeTruthy();
  return id!;
}

/** Checks the file holds the heading and every seeded application exactly once, newest first. */
async function expectWholeFile(exported: StaffExport) {
  const object = await env.EXPORTS.get(exported.objectKey);
  expect(object, "the file is in R2").not.toBeNull();
  const lines = (await object!.text()).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^Reference,Submitted,Status,/);
  const references = lines.slice(1).map((line) => line.split(",")[0]);
  expect(references).toHaveLength(ROWS);
  expect(new Set(references).size).toBe(ROWS);
  expect(references[0]).toBe(`GH-BG${String(ROWS).padStart(5, "0")}`);
  expect(references.at(-1)).toBe("GH-BG00001");
  expect(exported.rows).toBe(ROWS);
  expect(object!.size).toBe(exported.bytes);
  return lines;
}

beforeAll(async () => {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO applications (id, idempotency_key, reference, user_id, email, given_name, family_name, membership_slug, membership_title,
       payment_method, amount_due_pence, status, details, created_at)
     SELECT printf('bg-app-%05d', i), printf('bg-app-%05d', i), printf('GH-BG%05d', i), printf('bg-user-%05d', i), printf('bg-%05d@export.example', i),
            'Background', printf('Applicant %05d', i), 'full-member', 'Full member', 'offline', 22000, 'paid', ?2,
            strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || i || ' minutes') FROM n`,
  )
    .bind(ROWS, DETAILS)
    .run();
  staff = await signedInStaff();
}, 120_000);

describe("a list past what one download holds", () => {
  it("offers a background export instead of refusing, and writes nothing to the audit log until one is asked for", async () => {
    const response = await staff.fetch("/staff/applications.csv?status=paid");
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("More than 26,000 applications match");
    expect(html).toContain('action="/staff/exports/applications" method="post"');
    expect(html).toContain('name="status" value="paid"');
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'applications.exported'").first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("builds the whole file in R2 in pages, multipart, then offers it on the staff page and e-mails the requester", async () => {
    const id = await askForPaidApplications();
    const queued = await store().byId(id);
    expect(queued).toMatchObject({ status: "queued", kind: "applications", filter: { status: "paid", search: "" }, requestedBy: STAFF.email, expectedRows: ROWS });
    const requestedAudit = await env.DB.prepare("SELECT staff_email, details FROM staff_audit_log WHERE action = 'exports.requested' ORDER BY id DESC LIMIT 1").first<{ staff_email: string; details: string }>();
    expect(JSON.parse(requestedAudit!.details)).toMatchObject({ kind: "applications", status: "paid", count: ROWS });

    const progress = await staff.fetch(`/staff/exports/applications?requested=${id}`);
    expect(await progress.text()).toContain("is being prepared. You will get an e-mail when it is ready");

    const { deps, handedOn, queued: mailed } = job({ limits: { pagesPerStep: 4 } });
    const steps = await drain(deps, handedOn, id);
    // 30 pages of 1,000, four a step: eight steps, each handing on the next.
    expect(steps).toBe(8);
    const ready = (await store().byId(id))!;
    expect(ready.status).toBe("ready");
    // 30,000 rows of about 400 bytes: one part of exactly 5 MiB and a shorter last one.
    expect(ready.parts).toHaveLength(2);
    expect(ready.bytes).toBeGreaterThan(5 * 1_048_576);
    await expectWholeFile(ready);
    expect(Date.parse(ready.expiresAt!) - Date.parse(ready.completedAt!)).toBe(7 * DAY);
    // No carry object is left behind: the bucket holds the file alone.
    expect((await env.EXPORTS.list({ prefix: ready.objectKey })).objects.map((o) => o.key)).toEqual([ready.objectKey]);

    const email = await env.DB.prepare("SELECT id, recipient, subject, status FROM email_outbox WHERE kind = 'export-ready' AND dedupe_key LIKE ?1").bind(`%${id}%`).first<{ id: string; recipient: string; subject: string }>();
    expect(email).toMatchObject({ recipient: STAFF.email, subject: "Your export of 30,000 applications is ready to download" });
    expect(mailed).toEqual([email!.id]);

    const page = await (await staff.fetch("/staff/exports/applications")).text();
    expect(page).toContain(`href="/staff/exports/applications/${id}/file"`);
    expect(page).toContain("Download 30,000 rows");
  });

  it("resumes an export cut off mid-step and mid-finish, writing every row exactly once", async () => {
    const id = await askForPaidApplications();
    // The first attempt dies after uploading its first whole part, before recording it.
    let cut = false;
    const real = store();
    const cutting: StaffExportStore = {
      ...real,
      async advance(from, to, now) {
        if (!cut && to.parts.length > from.parts.length) {
          cut = true;
          throw new Error("cut off (test): the invocation ended before its step was recorded");
        }
        return real.advance(from, to, now);
      },
      // And the finish dies once after assembling the file, before offering it.
      ready: (() => {
        let once = false;
        return async (from, expiresAt, now, then) => {
          if (!once) {
            once = true;
            throw new Error("cut off (test): the invocation ended after assembling the file");
          }
          return real.ready(from, expiresAt, now, then);
        };
      })(),
    };
    const { deps, handedOn } = job({ store: cutting, limits: { pagesPerStep: 4 } });
    handedOn.push(id);
    let attempts = 0;
    let failures = 0;
    while (handedOn.length > 0 && attempts < 100) {
      const next = handedOn.shift()!;
      attempts += 1;
      try {
        await continueExport(deps, next);
      } catch {
        // The queue retries a message that throws: so does this loop.
        failures += 1;
        handedOn.unshift(next);
      }
    }
    expect(failures).toBe(2);
    const ready = (await store().byId(id))!;
    expect(ready.status).toBe("ready");
    await expectWholeFile(ready);
    // The steps after the cut recorded the parts uploaded again, not twice.
    expect(ready.parts.map((p) => p.partNumber)).toEqual([1, 2]);
  });

  it("never offers a file that could not be completed", async () => {
    const id = await askForPaidApplications();
    const broken: ExportFiles = { ...files(), readCarry: async () => null };
    const { deps, handedOn } = job({ files: broken, limits: { pagesPerStep: 4 } });
    await drain(deps, handedOn, id);
    const failed = (await store().byId(id))!;
    expect(failed).toMatchObject({ status: "failed", failure: "Its partly written file was lost" });
    expect(await env.EXPORTS.head(failed.objectKey)).toBeNull();
    const page = await (await staff.fetch("/staff/exports/applications")).text();
    expect(page).not.toContain(`/staff/exports/applications/${id}/file`);
    expect(page).toContain("Could not be completed (Its partly written file was lost): no file is offered");
    expect((await staff.fetch(`/staff/exports/applications/${id}/file`)).status).toBe(409);
  });
});

describe("the finance ledger past what one download holds", () => {
  const PAYMENTS = 26_500;
  const FROM = "2024-01-01";
  const TO = "2024-01-31";

  beforeAll(async () => {
    // A month's bank transfers for the background applications, more than one download holds here.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO payments (id, application_id, user_id, method, amount_pence, received_on, reference, recorded_by)
       SELECT printf('bg-pay-%05d', i), printf('bg-app-%05d', i), printf('bg-user-%05d', i), 'offline', 22000,
              date(?2, '+' || (i % 31) || ' days'), printf('BG-BANK-%05d', i), 'staff@guildhall.example' FROM n`,
    )
      .bind(PAYMENTS, FROM)
      .run();
  }, 120_000);

  it("offers the range as a background export, which builds the whole ledger for finance staff", async () => {
    const refused = await staff.fetch(`/staff/finance.csv?from=${FROM}&to=${TO}`);
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain("More than 26,000 payments and refunds match");
    expect(html).toContain('action="/staff/exports/ledger" method="post"');
    expect(html).toContain(`name="from" value="${FROM}"`);
    expect(html).toContain(`name="to" value="${TO}"`);

    const financeUser = await createUser();
    await verifyEmail(financeUser.email, financeUser.password);
    expect((await staff.post("/staff/team", { email: financeUser.email, role: "finance" })).status).toBe(303);
    const finance = await signedInStaff(financeUser);
    // A range the ledger page would refuse is refused here too, saying why.
    const backwards = await finance.post("/staff/exports/ledger", { from: TO, to: FROM });
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain("is before the from date");

    const asked = await finance.post("/staff/exports/ledger", { from: FROM, to: TO });
    expect(asked.status).toBe(303);
    const id = new URL(asked.headers.get("Location")!, "http://localhost").searchParams.get("requested")!;
    expect(await store().byId(id)).toMatchObject({ kind: "ledger", filter: { from: FROM, to: TO }, expectedRows: PAYMENTS, status: "queued" });
    expect(await (await finance.fetch(`/staff/exports/ledger?requested=${id}`)).text()).toContain(`Your export of the finance ledger (${FROM} to ${TO}) is being prepared`);

    const { deps, handedOn } = job({ limits: { pagesPerStep: 10 } });
    await drain(deps, handedOn, id);
    const ready = (await store().byId(id))!;
    expect(ready).toMatchObject({ status: "ready", rows: PAYMENTS });

    const download = await finance.fetch(`/staff/exports/ledger/${id}/file`);
    expect(download.status).toBe(200);
    const lines = (await download.text()).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Date,Type,For,/);
    const rows = lines.slice(1);
    expect(rows).toHaveLength(PAYMENTS);
    expect(new Set(rows.map((line) => line.split(",").at(-1))).size).toBe(PAYMENTS);
    // Oldest first, as the ledger page reads.
    expect(rows[0]!.startsWith(FROM)).toBe(true);
    expect(rows.at(-1)!.startsWith(TO)).toBe(true);
    const audit = await env.DB.prepare("SELECT details FROM staff_audit_log WHERE action = 'exports.downloaded' ORDER BY id DESC LIMIT 1").first<{ details: string }>();
    expect(JSON.parse(audit!.details)).toMatchObject({ kind: "ledger", from: FROM, to: TO, count: PAYMENTS, exportId: id });

    // Membership staff see no ledger, in a file or otherwise.
    expect((await staff.fetch("/staff/exports/ledger")).status).toBe(200);
    const membershipUser = await createUser();
    await verifyEmail(membershipUser.email, membershipUser.password);
    expect((await staff.post("/staff/team", { email: membershipUser.email, role: "membership" })).status).toBe(303);
    const membership = await signedInStaff(membershipUser);
    expect((await membership.fetch(`/staff/exports/ledger/${id}/file`)).status).toBe(403);
  }, 120_000);
});

describe("the download", () => {
  let ready: StaffExport;

  beforeAll(async () => {
    const id = await askForPaidApplications();
    const { deps, handedOn } = job({ limits: { pagesPerStep: 30 } });
    await drain(deps, handedOn, id);
    ready = (await store().byId(id))!;
    expect(ready.status).toBe("ready");
  }, 120_000);

  it("is served privately to staff whose role includes the list, and audited", async () => {
    const response = await staff.fetch(`/staff/exports/applications/${ready.id}/file`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="applications-export-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(ROWS + 1);
    const audit = await env.DB.prepare("SELECT staff_email, details FROM staff_audit_log WHERE action = 'exports.downloaded' ORDER BY id DESC LIMIT 1").first<{ staff_email: string; details: string }>();
    expect(audit?.staff_email).toBe(STAFF.email);
    expect(JSON.parse(audit!.details)).toMatchObject({ exportId: ready.id, kind: "applications", count: ROWS });
  });

  it("is refused to visitors, to signed-in members who are not staff, and to staff whose role does not include the list", async () => {
    const path = `/staff/exports/applications/${ready.id}/file`;
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'exports.downloaded'").first<{ n: number }>())!.n;

    const visitor = await new TestBrowser().fetch(path);
    expect(visitor.status).toBe(404);
    expect(await visitor.text()).not.toContain("GH-BG");

    const member = await createUser();
    await verifyEmail(member.email, member.password);
    const signedIn = new TestBrowser();
    expect((await signedIn.signIn(member.email, member.password)).status).toBe(303);
    const notStaff = await signedIn.fetch(path);
    expect(notStaff.status).toBe(404);
    expect(await notStaff.text()).not.toContain("GH-BG");

    const financeUser = await createUser();
    await verifyEmail(financeUser.email, financeUser.password);
    expect((await staff.post("/staff/team", { email: financeUser.email, role: "finance" })).status).toBe(303);
    const finance = await signedInStaff(financeUser);
    const wrongRole = await finance.fetch(path);
    expect(wrongRole.status).toBe(403);
    expect(await wrongRole.text()).not.toContain("GH-BG");
    // Nor may it ask for one of another team's lists.
    expect((await finance.post("/staff/exports/applications", { status: "paid", q: "" })).status).toBe(403);

    // An id of one kind under another kind's address is not there.
    expect((await staff.fetch(`/staff/exports/members/${ready.id}/file`)).status).toBe(404);

    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_audit_log WHERE action = 'exports.downloaded'").first<{ n: number }>())!.n).toBe(before);
  });

  it("expires: after 7 days the sweep deletes the file and the link is refused", async () => {
    const exports = createStaffExports({
      store: store(),
      files: files(),
      audit: createAuditLog(env.DB),
      source: () => {
        throw new Error("the upkeep reads no list");
      },
      enqueue: async () => undefined,
      batch: (statements) => env.DB.batch(statements),
      newId: () => crypto.randomUUID(),
      now: () => new Date(),
      log,
    });
    const later = new Date(Date.parse(ready.expiresAt!) + 1_000);
    const done = await exports.upkeep(later);
    expect(done.expired).toBeGreaterThanOrEqual(1);
    expect((await store().byId(ready.id))!.status).toBe("expired");
    expect(await env.EXPORTS.head(ready.objectKey)).toBeNull();
    const refused = await staff.fetch(`/staff/exports/applications/${ready.id}/file`);
    expect(refused.status).toBe(404);
    expect(await (await staff.fetch("/staff/exports/applications")).text()).toContain("Expired: its file was deleted. Ask for it again.");
  });
});
