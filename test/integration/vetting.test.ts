/**
 * Vetting before activation (docs/decisions/0056), through the real pages against the real
 * Strapi: a membership type saved in the CMS as needing approval, with a required document. The
 * join form takes the document (checked by its bytes, not its name), stores it privately, and
 * takes no payment; staff review it with the document inline, ask for more (the applicant answers
 * from their membership page), approve (only then can a card payer open Checkout) or reject (card
 * money already taken is refunded in full). Stripe's API is the FAKE one (test/support/fake-stripe.ts).
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TestBrowser } from "../support/worker/browser";
import { applicationOf, count, membership } from "../support/worker/card-join";
import { asEditor } from "../support/worker/cms-editor";
import { clearContentCache } from "../support/worker/helpers";
import { validForm } from "../support/worker/join-form";
import { signedInStaff } from "../support/worker/staff";
import { payCheckout, stripeObject } from "../support/worker/stripe";

const SLUG = `vetted-practitioner-${Date.now()}`;
const FIELD = "document-registration-certificate";

/** The smallest real PNG (a 1x1 pixel) and the start of a real PDF. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

let documentId: string;
let staff: TestBrowser;

beforeAll(async () => {
  const saved = await asEditor("POST", "/api/memberships?status=published", {
    title: "Vetted practitioner",
    slug: SLUG,
    price: 120,
    joiningFee: 0,
    vatTreatment: "exempt",
    evidence: { registrationNumber: "required", yearQualified: "required", workplace: "optional", placeOfStudy: "notAsked" },
    needsApproval: true,
    requiredDocuments: [{ name: "Registration certificate", hint: "A scan or photo of your current certificate." }],
  });
  expect(saved.status, await saved.clone().text()).toBe(201);
  documentId = ((await saved.json()) as { data: { documentId: string } }).data.documentId;
  await clearContentCache();
  staff = await signedInStaff();
});

afterAll(async () => {
  if (documentId) await asEditor("DELETE", `/api/memberships/${documentId}`);
  await clearContentCache();
});

/** A visitor sends the join form for the vetted type, with `file` as the certificate. */
async function joinVetted(file: File | null, overrides: Record<string, string> = {}) {
  const browser = new TestBrowser();
  const form = validForm({ membership: SLUG, ...overrides });
  const body = new FormData();
  body.set("csrfToken", await browser.csrfToken());
  for (const [name, value] of Object.entries(form)) body.set(name, value);
  if (file) body.set(FIELD, file);
  const response = await browser.fetch("/join", { method: "POST", body });
  return { browser, form, response };
}

const certificate = () => new File([PNG], "certificate.png", { type: "image/png" });

async function joinedVetted(paymentMethod: "card" | "offline") {
  const joined = await joinVetted(certificate(), { paymentMethod });
  expect(joined.response.status, await joined.response.clone().text()).toBe(303);
  const application = (await applicationOf(joined.form.email!))!;
  return { ...joined, application };
}

const vettingOf = async (id: string) => (await env.DB.prepare("SELECT vetting, status FROM applications WHERE id = ?1").bind(id).first<{ vetting: string | null; status: string }>())!;
const outbox = async (email: string, kind: string) =>
  (await env.DB.prepare("SELECT subject, data FROM email_outbox WHERE recipient = ?1 AND kind = ?2").bind(email, kind).all<{ subject: string; data: string }>()).results;
const documentsOf = async (applicationId: string) =>
  (await env.DB.prepare("SELECT id, content_type, object_key, file_name FROM application_documents WHERE application_id = ?1").bind(applicationId).all<{ id: string; content_type: string; object_key: string; file_name: string }>())
    .results;

/** The staff page's form `seen` value (the application as the page showed it). */
const seenOn = (html: string) => /name="seen" value="([^"]+)"/.exec(html)?.[1] ?? "";

async function staffPage(applicationId: string) {
  const response = await staff.fetch(`/staff/applications/${applicationId}`);
  expect(response.status).toBe(200);
  return response.text();
}

describe("the join form's documents", () => {
  it("refuses an 'image' that is really a script, beside the field, keeping what was typed, and stores nothing", async () => {
    const script = new File(["<script>alert(document.cookie)</script>"], "certificate.png", { type: "image/png" });
    const { response, form } = await joinVetted(script, { givenName: "Grace" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`data-field-error="${FIELD}"`);
    expect(html).toContain("must be a PDF, JPEG or PNG file");
    expect(html).toContain('value="Grace"');
    expect(await applicationOf(form.email!)).toBeNull();
  });

  it("refuses a file too big and a missing file, each with its own message", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await joinVetted(new File([big], "scan.png", { type: "image/png" }));
    expect(tooBig.response.status).toBe(400);
    expect(await tooBig.response.text()).toContain("must be 5 MB or smaller");
    const missing = await joinVetted(null);
    expect(missing.response.status).toBe(400);
    expect(await missing.response.text()).toContain("Upload your registration certificate");
  });

  it("accepts a PDF named .txt (the content decides), stored privately under a random key, served only to the applicant and staff", async () => {
    const { browser, application } = await (async () => {
      const joined = await joinVetted(new File([PDF], "certificate.txt", { type: "text/plain" }), { paymentMethod: "offline" });
      expect(joined.response.status).toBe(303);
      return { ...joined, application: (await applicationOf(joined.form.email!))! };
    })();
    const [doc] = await documentsOf(application.id);
    expect(doc).toMatchObject({ content_type: "application/pdf", file_name: "certificate.txt" });
    expect(doc!.object_key).not.toContain(application.id);
    expect(doc!.object_key).not.toContain(application.reference);
    expect(await (await env.APPLICANT_DOCUMENTS.get(doc!.object_key))!.text()).toContain("%PDF-1.4");

    const own = await browser.fetch(`/user/membership/documents/${doc!.id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(own.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await own.arrayBuffer();

    const forStaff = await staff.fetch(`/staff/applications/${application.id}/documents/${doc!.id}`);
    expect(forStaff.status).toBe(200);
    expect(forStaff.headers.get("Cache-Control")).toBe("private, no-store");
    await forStaff.arrayBuffer();

    // Another applicant, and a visitor, get nothing.
    const other = await joinedVetted("offline");
    expect((await other.browser.fetch(`/user/membership/documents/${doc!.id}`)).status).toBe(404);
    const visitor = await new TestBrowser().fetch(`/user/membership/documents/${doc!.id}`, { redirect: "manual" });
    expect([302, 303, 401]).toContain(visitor.status);
  });
});

describe("vetting an offline applicant", () => {
  it("is told not to pay yet; staff ask for more, the applicant answers with a document, staff approve, and only then can a payment be recorded", async () => {
    const { browser, form, application } = await joinedVetted("offline");
    expect(await vettingOf(application.id)).toEqual({ vetting: "pending", status: "awaiting_payment" });
    const [received] = await outbox(form.email!, "application-received");
    expect(JSON.parse(received!.data)).toMatchObject({ needsApproval: true });
    // No pro-forma invoice before approval: nothing is to be paid yet.
    expect(await count("SELECT COUNT(*) AS n FROM pro_forma_invoices WHERE application_id = ?1", application.id)).toBe(0);
    const page = await (await browser.fetch("/user/membership")).text();
    expect(page).toContain("Please do not pay yet");
    expect(page).not.toContain(`id="how-to-pay"`);

    // In the review queue, with the document inline.
    const queue = await (await staff.fetch(`/staff/applications?status=awaiting_approval&q=${application.reference}`)).text();
    expect(queue).toContain(application.reference);
    let html = await staffPage(application.id);
    expect(html).toContain('data-vetting="pending"');
    expect(html).toMatch(/<img class="review-document__image" src="\/staff\/applications\/[^"]+\/documents\/[^"]+"/);
    expect(html).toContain("Not checked: No regulator register is set up");

    // Recording a payment before approval is refused.
    const early = await staff.post(`/staff/applications/${application.id}/payment`, { amount: "120.00", receivedOn: new Date().toISOString().slice(0, 10), paymentReference: application.reference });
    expect(early.status).toBe(409);

    // Ask for more: the applicant is e-mailed and answers with a document.
    expect((await staff.post(`/staff/applications/${application.id}/more-information`, { request: "Please send the back of your certificate too.", seen: seenOn(html) })).status).toBe(303);
    expect(await vettingOf(application.id)).toMatchObject({ vetting: "more_info" });
    expect((await outbox(form.email!, "application-review"))[0]!.subject).toContain("We need more from you");
    const asked = await (await browser.fetch("/user/membership")).text();
    expect(asked).toContain("Please send the back of your certificate too.");
    const script = new FormData();
    script.set("csrfToken", await browser.csrfToken());
    script.set("document", new File(["#!/bin/sh\nrm -rf /\n"], "back.jpg", { type: "image/jpeg" }));
    const refused = await browser.fetch("/user/membership/more-information", { method: "POST", body: script });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('data-field-error="document"');
    const answer = new FormData();
    answer.set("csrfToken", await browser.csrfToken());
    answer.set("document", new File([PNG], "back.png", { type: "image/png" }));
    expect((await browser.fetch("/user/membership/more-information", { method: "POST", body: answer })).status).toBe(303);
    expect(await vettingOf(application.id)).toMatchObject({ vetting: "pending" });
    expect(await documentsOf(application.id)).toHaveLength(2);

    // Approve: e-mailed with how to pay, the pro-forma invoice issued; the payment can now be recorded.
    html = await staffPage(application.id);
    expect((await staff.post(`/staff/applications/${application.id}/approve`, { seen: seenOn(html) })).status).toBe(303);
    expect(await vettingOf(application.id)).toMatchObject({ vetting: "approved" });
    expect((await outbox(form.email!, "application-review")).map((m) => m.subject)).toContain(`Your application ${application.reference} is approved: you can now pay`);
    expect(await count("SELECT COUNT(*) AS n FROM pro_forma_invoices WHERE application_id = ?1", application.id)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM staff_audit_log WHERE application_id = ?1 AND action IN ('application.approved', 'application.more_information_asked', 'application.more_information_sent')", application.id)).toBe(3);
    const paid = await staff.post(`/staff/applications/${application.id}/payment`, { amount: "120.00", receivedOn: new Date().toISOString().slice(0, 10), paymentReference: application.reference });
    expect(paid.status).toBe(303);
    expect((await membership(application.user_id))!.status).toBe("active");
  });

  it("a second staff member acting on an older copy of the page is told, and nothing is overwritten", async () => {
    const { application } = await joinedVetted("offline");
    const html = await staffPage(application.id);
    expect((await staff.post(`/staff/applications/${application.id}/more-information`, { request: "Which register are you on?", seen: seenOn(html) })).status).toBe(303);
    const stale = await staff.post(`/staff/applications/${application.id}/approve`, { seen: seenOn(html) });
    expect(stale.status).toBe(409);
    expect(await vettingOf(application.id)).toMatchObject({ vetting: "more_info" });
  });
});

describe("vetting a card applicant", () => {
  it("takes no payment before approval: no Checkout is opened, and paying by card is refused until staff approve", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const { browser, response, application } = await joinedVetted("card");
    expect(response.headers.get("Location")).toBe("/user/membership?joined=1");
    expect(application.checkout_session_id).toBeNull();
    const tried = await browser.post("/user/membership/pay-by-card", {});
    expect(tried.headers.get("Location")).toBe("/user/membership");
    expect((await env.DB.prepare("SELECT checkout_session_id FROM applications WHERE id = ?1").bind(application.id).first<{ checkout_session_id: string | null }>())!.checkout_session_id).toBeNull();

    // Approved: now the card payment is taken through Checkout, and the membership starts.
    expect((await staff.post(`/staff/applications/${application.id}/approve`, { seen: seenOn(await staffPage(application.id)) })).status).toBe(303);
    const checkout = await browser.post("/user/membership/pay-by-card", {});
    expect(checkout.status).toBe(303);
    const sessionId = (await env.DB.prepare("SELECT checkout_session_id FROM applications WHERE id = ?1").bind(application.id).first<{ checkout_session_id: string }>())!.checkout_session_id;
    expect(checkout.headers.get("Location")).toContain(sessionId);
    await payCheckout(sessionId, 12_000);
    const back = await browser.fetch(`/user/membership?checkout=complete&session_id=${sessionId}`);
    expect(await back.text()).toContain('data-membership-status="active"');
  });

  it("rejected after paying in a tab left open: the payment is refunded in full at once, the subscription cancelled, no membership", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const { browser, form, application } = await joinedVetted("card");
    expect((await staff.post(`/staff/applications/${application.id}/approve`, { seen: seenOn(await staffPage(application.id)) })).status).toBe(303);
    await browser.post("/user/membership/pay-by-card", {});
    const sessionId = (await env.DB.prepare("SELECT checkout_session_id FROM applications WHERE id = ?1").bind(application.id).first<{ checkout_session_id: string }>())!.checkout_session_id;
    // Paid at Stripe; the webhook has not arrived when staff reject.
    const paid = await payCheckout(sessionId, 12_000);
    const rejected = await staff.post(`/staff/applications/${application.id}/reject`, { reason: "The certificate is not a physiotherapy registration" });
    expect(rejected.headers.get("Location")).toContain("done=refunded");

    expect(await vettingOf(application.id)).toEqual({ vetting: "rejected", status: "rejected" });
    const refunds = await env.DB.prepare("SELECT amount_pence, reason FROM refunds WHERE application_id = ?1").bind(application.id).all<{ amount_pence: number; reason: string }>();
    expect(refunds.results).toEqual([{ amount_pence: 12_000, reason: "Application rejected: The certificate is not a physiotherapy registration" }]);
    expect((await stripeObject<{ status: string }>(`subscriptions/${paid.session.subscription}`)).status).toBe("canceled");
    expect((await membership(application.user_id))!.status).toBe("cancelled");
    expect(await outbox(form.email!, "application-rejected")).toHaveLength(1);
    expect(await outbox(form.email!, "refund-issued")).toHaveLength(1);
    // Nothing is left owed back.
    expect(await staffPage(application.id)).not.toContain("refund due");
  });

  it("rejected before paying: nothing was taken, nothing to refund", async () => {
    const { application } = await joinedVetted("card");
    const rejected = await staff.post(`/staff/applications/${application.id}/reject`, { reason: "Not a registered practitioner" });
    expect(rejected.headers.get("Location")).toContain("done=rejected");
    expect(await count("SELECT COUNT(*) AS n FROM refunds WHERE application_id = ?1", application.id)).toBe(0);
    expect(await vettingOf(application.id)).toEqual({ vetting: "rejected", status: "rejected" });
  });
});
