/**
 * Events in real Chromium (issue 27), against the real Strapi demo content and a Worker whose
 * Stripe API is a local FAKE (test/support/fake-stripe.ts; Stripe cannot be reached here):
 * 1. A member books the annual conference without JavaScript and again with it, through the cart
 *    and (fake) Stripe Checkout, paid by a signed `checkout.session.completed`; /user/events then
 *    shows each ticket's QR code.
 * 2. Staff at the door, on a phone-sized screen: find a name and check them in; a ticket used at
 *    another door (the no-JavaScript form, which itself refuses a second go) is refused on the
 *    phone; a check-in made offline waits on the phone and is sent when the connection returns.
 * 3. The attendee list and its A4 print pages; the badges print eight to an A4 sheet.
 * 4. A place offered to the member from the conference's waiting list: /user/events lists the
 *    offer and its claim page takes the attendee's name (a missing one refused beside the field).
 * 5. Passing a place on (decision 0068), without JavaScript and with it: the buyer's transfer page
 *    (a missing name refused beside the field, what was typed kept; a checked-in place refused),
 *    then the new attendee's ticket page from their e-mail, and the old ticket's page refused.
 * axe finds no violations on each state shown. Here a ticket's code is typed, as a hand scanner
 * types it; check-in-camera.test.ts reads one through a (fake) camera.
 */
import type { BrowserContext, Page } from "playwright-core";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { createCmsClient } from "../../src/adapters/cms/client";
import { eventsOperation } from "../../src/adapters/cms/operations/events";
import type { SocietyEvent } from "../../src/domain/events";
import { STORAGE_KEYS } from "../../src/shared/storage-keys";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { TEST_SECRETS } from "../support/test-secrets";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, isScriptless, openContext, PHONE } from "./support/chromium";
import { follow, pathOf, visit } from "./support/navigate";
import { failedToLoad, NO_PROBLEMS, watchPage, type PageWatch } from "./support/page-watch";
import { siteWorkerUrl, WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const STAFF = DEMO_ACCOUNTS.staff;
const MEMBER = DEMO_ACCOUNTS.member;

/** People already booked on the conference (this Worker's own D1), each with a known ticket code. */
const DOOR = {
  nico: { id: "e2e-door-nico", name: "Nico Byname", token: "e2edoornico0001" },
  quinn: { id: "e2e-door-quinn", name: "Quinn Scanned", token: "e2edoorquinn0001" },
  olive: { id: "e2e-door-olive", name: "Olive Offline", token: "e2edoorolive0001" },
} as const;

let fake: FakeStripe;
let conference: SocietyEvent;
const workerLog: string[] = [];

// Registered before the stack: the fake is up and the event's id known when the Worker starts.
beforeAll(async () => {
  fake = await startFakeStripe();
  const cms = createCmsClient({ graphqlUrl: `${inject("cmsUrl")}/graphql`, token: TEST_SECRETS.cmsToken, timeoutMs: 10_000 });
  conference = (await cms.run(eventsOperation, { page: 1, pageSize: 100 })).items.find((event) => event.slug === "annual-conference")!;
});
afterAll(async () => {
  await fake?.close();
});

function doorSql(event: SocietyEvent): string {
  return Object.values(DOOR)
    .map(
      (person) => `INSERT INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, status, hold_expires_at)
        VALUES ('b-${person.id}', '${event.id}', '${event.slug}', 'e2e-door', 'member', 'Annual Conference 2027: Member × 1', 1, 24000, 24000, 'standard', 1, 'confirmed', '2000-01-01T00:00:00.000Z');
      INSERT INTO event_attendees (id, booking_id, event_id, ticket_code, counts_for_event, name, email, status, hold_expires_at, qr_token)
        VALUES ('${person.id}', 'b-${person.id}', '${event.id}', 'member', 1, '${person.name}', '${person.id}@e2e.guildhall.example', 'confirmed', '2000-01-01T00:00:00.000Z', '${person.token}');`,
    )
    .join("\n");
}

/** An open waiting-list offer to the member: a conference place held for them (this Worker's own D1). */
const OFFER = { entry: "e2e-offer-entry", booking: "e2e-offer-booking" } as const;

function offerSql(event: SocietyEvent): string {
  const until = "2099-01-01T00:00:00.000Z";
  return `INSERT INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, status, hold_expires_at)
      VALUES ('${OFFER.booking}', '${event.id}', '${event.slug}', '${MEMBER.uid}', 'member', 'Annual Conference 2027: Member × 1', 1, 24000, 24000, 'standard', 1, 'held', '${until}');
    INSERT INTO event_attendees (id, booking_id, event_id, ticket_code, counts_for_event, name, email, status, hold_expires_at, qr_token)
      VALUES ('e2e-offer-attendee', '${OFFER.booking}', '${event.id}', 'member', 1, '${MEMBER.email}', '${MEMBER.email}', 'held', '${until}', 'e2eoffer0001');
    INSERT INTO event_waitlist (id, event_id, user_id, email, status, offer_expires_at, offer_booking_id, ticket_code)
      VALUES ('${OFFER.entry}', '${event.id}', '${MEMBER.uid}', '${MEMBER.email}', 'offered', '${until}', '${OFFER.booking}', 'member');`;
}

/** The member's own conference places to pass on (one per run, with and without JavaScript) and one already checked in. */
const PASS_ON = {
  scriptless: { id: "e2e-pass-scriptless", name: "Pat Noscript", token: "e2epassscriptless01", to: "Ray Newcomer" },
  scripted: { id: "e2e-pass-scripted", name: "Jo Scripted", token: "e2epassscripted0001", to: "Sam Newcomer" },
  arrived: { id: "e2e-pass-arrived", name: "Una Arrived", token: "e2epassarrived00001" },
} as const;

function passOnSql(event: SocietyEvent): string {
  return `INSERT INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, status, hold_expires_at)
      VALUES ('e2e-pass-booking', '${event.id}', '${event.slug}', '${MEMBER.uid}', 'member', 'Annual Conference 2027: Member × 3', 3, 24000, 72000, 'standard', 1, 'confirmed', '2000-01-01T00:00:00.000Z');
    ${Object.values(PASS_ON)
      .map(
        (place) => `INSERT INTO event_attendees (id, booking_id, event_id, ticket_code, counts_for_event, name, email, answers, status, hold_expires_at, qr_token, checked_in_at)
      VALUES ('${place.id}', 'e2e-pass-booking', '${event.id}', 'member', 1, '${place.name}', '${place.id}@e2e.guildhall.example', '{"workshop":"Pain education"}', 'confirmed', '2000-01-01T00:00:00.000Z', '${place.token}', ${place === PASS_ON.arrived ? "'2026-01-01T09:00:00.000Z'" : "NULL"});`,
      )
      .join("\n")}
    ${Object.values(PASS_ON)
      .filter((place) => "to" in place)
      .map((place) => {
        // Member tickets pass only to someone whose membership is in force (decision 0078).
        const first = (place as { to: string }).to.split(" ")[0]!.toLowerCase();
        return `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end)
      VALUES ('e2e-pass-${first}', '${first}@e2e.guildhall.example', 'full-member', 'Full member', 'active', 'offline', '2026-01-01', '2099-01-01');`;
      })
      .join("\n")}`;
}

const stack = useBrowserStack(WORKER_SLOTS.events, {
  vars: {
    SITE_URL: siteWorkerUrl(WORKER_SLOTS.events),
    STAFF_EMAILS: STAFF.email,
    STRIPE_SECRET_KEY: TEST_SECRETS.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: TEST_SECRETS.stripeWebhookSecret,
    get STRIPE_API_URL() {
      return fake.url;
    },
  },
  get seedSql() {
    return `INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_start, period_end)
              VALUES ('${MEMBER.uid}', '${MEMBER.email}', 'full-member', 'Full member', 'active', 'offline', '2026-01-01', '2099-01-01');
            ${staffSecondFactorSql()}
            ${doorSql(conference)}
            ${offerSql(conference)}
            ${passOnSql(conference)}`;
  },
  log: (line) => workerLog.push(line),
});
const url = (path: string) => stack.url(path);
const main = (page: Page) => page.locator("main");
const checkInPath = () => `/staff/events/${conference.id}/check-in`;

async function expectNoAxeViolations(page: Page, state: string) {
  const findings = await axeFindings(page);
  expect(formatFindings(findings), `axe on ${state}`).toEqual([]);
}

async function signIn(page: Page, account: { email: string; password: string }, callbackPath: string, javaScript: boolean) {
  await visit(page, url(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`));
  if (javaScript) await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  if (onVerifyPage(page)) await passStaffVerify(page);
  await page.waitForURL((address) => address.pathname === callbackPath, { timeout: 15_000 });
}

async function webhook(type: string, object: { id: string; object: string }): Promise<Response> {
  const body = JSON.stringify({ id: `evt_e2e_${Date.now()}_${Math.random().toString(36).slice(2)}`, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
  const signature = await new Stripe(TEST_SECRETS.stripeSecretKey).webhooks.generateTestHeaderStringAsync({ payload: body, secret: TEST_SECRETS.stripeWebhookSecret });
  return fetch(url("/api/stripe/webhook"), { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
}

/**
 * Books one member's place for `name` on the conference page, checks out by card on (fake) Stripe
 * and pays. axe needs JavaScript in the page, so it looks only when the page has it (the same
 * pages, rendered alike, are looked at in the test with JavaScript).
 */
async function bookAndPay(page: Page, name: string, email: string, inCart: () => Promise<void> = async () => undefined) {
  const javaScript = isScriptless(page.context()) === false;
  await visit(page, url("/events/annual-conference"));
  const form = page.locator('main form[action$="/book"]');
  await form.getByLabel("Ticket", { exact: true }).selectOption("member");
  await form.getByLabel("Full name (as on the badge)").fill(name);
  await form.getByLabel("E-mail address", { exact: true }).fill(email);
  await form.getByLabel("Which workshop on day two?").selectOption("Pain education");
  await follow(page, () => form.getByRole("button", { name: "Hold places and go to the cart" }).click());
  expect(new URL(page.url()).pathname).toBe("/cart");
  await expect.poll(() => main(page).innerText()).toContain("Annual Conference 2027: Member × 1");
  const checkout = page.locator("main form[data-cart-checkout]");
  expect(await checkout.getByRole("radio", { name: /^Card/ }).isChecked(), "card is the default when Stripe is configured").toBe(true);
  if (javaScript) await expectNoAxeViolations(page, "the cart holding an event booking");
  await inCart();

  await follow(page, () => checkout.getByRole("button", { name: "Check out" }).click());
  expect(new URL(page.url()).origin, "the browser is on (fake) Stripe Checkout").toBe(fake.url);
  const sessionId = new URL(page.url()).pathname.split("/").at(-1)!;
  expect((await fetch(`${fake.url}/__complete/${sessionId}?amount=24000`, { method: "POST" })).status).toBe(200);
  expect((await webhook("checkout.session.completed", { id: sessionId, object: "checkout.session" })).status).toBe(200);

  await visit(page, url("/user/events"));
  const ticket = main(page).locator(".ticket", { hasText: name });
  expect(await ticket.count(), `/user/events shows ${name}'s ticket`).toBe(1);
  expect(await ticket.getByRole("img", { name: `QR code for ${name}'s ticket` }).locator("svg").count()).toBe(1);
  if (javaScript) await expectNoAxeViolations(page, "/user/events with a booking");
}

describe("booking the conference", () => {
  it("without JavaScript: the booking form, the cart and card checkout, then the ticket on /user/events", async () => {
    const { context, blocked } = await openContext(stack.browser, { ...DESKTOP, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await signIn(page, MEMBER, "/user/events", false);
      await bookAndPay(page, "Nora Noscript", "nora@e2e.guildhall.example");
      expect(blocked, "requests that would have left loopback").toEqual([]);
    } catch (error) {
      console.info(`Worker log:\n${workerLog.filter((line) => /error/i.test(line)).join("\n")}`);
      throw error;
    } finally {
      await context.close();
    }
  });

  it("with JavaScript: the same, the cart kept by the browser", async () => {
    const { context } = await openContext(stack.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = await watchPage(page);
      await signIn(page, MEMBER, "/user/events", true);
      await bookAndPay(page, "Jay Script", "jay@e2e.guildhall.example", async () => {
        const cart = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cart)) ?? "{}") as { items?: { kind: string }[] };
        expect(cart.items?.map((item) => item.kind), "the browser keeps the cart").toEqual(["booking"]);
      });
      expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
    } finally {
      await context.close();
    }
  });
});

describe("check-in at the door, on a phone", () => {
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;
  const queueItem = (name: string) => page.locator("[data-check-in-queue-list] > li", { hasText: name });
  const arrivedCount = () => page.locator("[data-check-in-arrived-count]").innerText();

  beforeAll(async () => {
    ({ context } = await openContext(stack.browser, PHONE));
    page = await context.newPage();
    await signIn(page, STAFF, checkInPath(), true);
    watch = await watchPage(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("finds a name as it is typed and checks them in; the arrival is counted", async () => {
    await visit(page, url(checkInPath()));
    expect(await page.getByRole("button", { name: "Scan a ticket with the camera" }).isVisible(), "the camera is offered (without a BarcodeDetector too)").toBe(true);
    const before = await arrivedCount();
    await page.getByLabel("Find by name").fill("nico");
    const button = page.getByRole("button", { name: `Check in ${DOOR.nico.name}` });
    await button.waitFor();
    await expectNoAxeViolations(page, "the check-in page with a name found");
    await button.click();
    await expect.poll(() => queueItem(DOOR.nico.name).getAttribute("data-check-in-state")).toBe("sent");
    expect(await queueItem(DOOR.nico.name).innerText()).toContain(`Checked in: ${DOOR.nico.name}`);
    expect(await page.locator("[data-check-in-live]").innerText()).toBe(`${DOOR.nico.name}: Checked in: ${DOOR.nico.name}`);
    expect(Number(/Arrived: (\d+)/.exec(await arrivedCount())![1])).toBe(Number(/Arrived: (\d+)/.exec(before)![1]) + 1);
    expect(await page.locator("[data-check-in-results]").innerText()).toContain("Arrived");
    expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });

  it("a ticket already used at another door (the form without JavaScript, which refuses it a second time) is refused on the phone", async () => {
    const code = `guildhall-ticket:${DOOR.quinn.token}`;
    const { context: other } = await openContext(stack.browser, { ...PHONE, javaScriptEnabled: false });
    try {
      const door = await other.newPage();
      await signIn(door, STAFF, checkInPath(), false);
      await door.getByLabel("Ticket code (scan the QR code or type it)").fill(code);
      const first = await follow(door, () => door.getByRole("button", { name: "Check in", exact: true }).click());
      expect(first.status()).toBe(200);
      expect(await door.getByRole("alert").innerText()).toBe(`Checked in: ${DOOR.quinn.name}`);
      await door.getByLabel("Ticket code (scan the QR code or type it)").fill(code);
      const second = await follow(door, () => door.getByRole("button", { name: "Check in", exact: true }).click());
      expect(second.status()).toBe(409);
      expect(await door.getByRole("alert").innerText()).toMatch(new RegExp(`^Already checked in: this ticket has been used: ${DOOR.quinn.name} \\(at \\d\\d:\\d\\d\\)$`));
    } finally {
      await other.close();
    }

    await page.getByLabel("Ticket code (scan the QR code or type it)").fill(code);
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    await expect.poll(() => queueItem(DOOR.quinn.name).getAttribute("data-check-in-state")).toBe("refused");
    expect(await queueItem(DOOR.quinn.name).innerText()).toMatch(/Refused\s+Already checked in: this ticket has been used/);
    expect(await page.getByLabel("Ticket code (scan the QR code or type it)").inputValue(), "the field is cleared for the next ticket").toBe("");
    await expectNoAxeViolations(page, "the check-in page with a sent and a refused check-in");
    expect(watch.take([failedToLoad(409)]), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);

    // The refusal as the form without JavaScript shows it (the island kept from loading, so axe can still run in the page).
    const island = /\/assets\/islands\/check-in-[^/]*\.js$/;
    await page.route(island, (route) => route.abort());
    try {
      await visit(page, url(checkInPath()));
      await page.getByLabel("Ticket code (scan the QR code or type it)").fill(code);
      const refused = await follow(page, () => page.getByRole("button", { name: "Check in", exact: true }).click());
      expect(refused.status()).toBe(409);
      expect(await page.getByRole("alert").innerText()).toMatch(/^Already checked in: this ticket has been used/);
      await expectNoAxeViolations(page, "the check-in form's refusal of a used ticket");
    } finally {
      await page.unroute(island);
    }
    expect(watch.take([failedToLoad(409), /check-in-[^/]*\.js/]), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });

  it("keeps a check-in made offline on the phone, through a reload, and sends it when the connection returns", async () => {
    await visit(page, url(checkInPath()));
    await context.setOffline(true);
    await page.getByLabel("Find by name").fill("olive");
    await page.getByRole("button", { name: `Check in ${DOOR.olive.name}` }).click();
    await expect.poll(() => queueItem(DOOR.olive.name).getAttribute("data-check-in-state")).toBe("pending");
    expect(await queueItem(DOOR.olive.name).innerText()).toContain("Saved on this phone: it will be sent when the connection returns");
    const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `${STORAGE_KEYS.checkIns}.${conference.id}`))!) as { label: string; state: string }[];
    expect(stored.find((item) => item.label === DOOR.olive.name)?.state).toBe("pending");
    await expectNoAxeViolations(page, "the check-in page with a check-in waiting to be sent");

    await context.setOffline(false);
    await expect.poll(() => queueItem(DOOR.olive.name).getAttribute("data-check-in-state")).toBe("sent");
    expect(await queueItem(DOOR.olive.name).innerText()).toContain(`Checked in: ${DOOR.olive.name}`);

    // A reload keeps this phone's list, and the page now counts Olive as arrived.
    await visit(page, url(checkInPath()));
    expect(await queueItem(DOOR.olive.name).getAttribute("data-check-in-state")).toBe("sent");
    await page.locator(".check-in__arrived summary").click();
    expect(await page.locator("[data-check-in-arrived]").innerText()).toContain(DOOR.olive.name);
    await expectNoAxeViolations(page, "the check-in page after a reload, with who has arrived open");
    expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });
});

describe("the attendee list and its A4 print pages", () => {
  let context: BrowserContext;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    ({ context } = await openContext(stack.browser, DESKTOP));
    page = await context.newPage();
    await signIn(page, STAFF, `/staff/events/${conference.id}`, true);
    watch = await watchPage(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("the attendee list shows who booked, and axe finds nothing wrong with it", async () => {
    await visit(page, url(`/staff/events/${conference.id}`));
    const rows = main(page).locator("table tbody tr");
    expect(await rows.count()).toBeGreaterThanOrEqual(5);
    expect(await main(page).innerText()).toContain("Nora Noscript");
    await expectNoAxeViolations(page, "the attendee list with attendees");
    await follow(page, () => page.getByRole("link", { name: "name badges" }).click());
    expect(pathOf(page)).toBe(`/staff/events/${conference.id}/badges`);
    expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });

  it("name badges print eight to an A4 sheet", async () => {
    await visit(page, url(`/staff/events/${conference.id}/badges`));
    const badges = await page.locator(".name-badge").count();
    expect(badges).toBeGreaterThanOrEqual(5);
    expect(await page.locator(".name-badge", { hasText: "Jay Script" }).innerText()).toMatch(/^Jay Script\s+Member\s+Annual Conference 2027/);
    await expectNoAxeViolations(page, "the name badges page");
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
    const pages = [...pdf.matchAll(/\/Type\s*\/Page\b(?!s)/g)].length;
    expect(pages, `${badges} badges`).toBe(Math.ceil(badges / 8));
    const [width, height] = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf)!.slice(1).map(Number);
    expect([Math.round(width!), Math.round(height!)], "A4 in points").toEqual([595, 842]);
    expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });

  it("the sign-in sheet lists everyone with who has checked in, on A4", async () => {
    await visit(page, url(`/staff/events/${conference.id}/sign-in-sheet`));
    const nico = main(page).locator("tbody tr", { hasText: DOOR.nico.name });
    expect(await nico.locator(".sign-in-sheet__arrived").innerText()).toBe("✓ Checked in");
    expect(await main(page).locator("tbody tr", { hasText: "Nora Noscript" }).locator(".sign-in-sheet__box").count()).toBe(1);
    await expectNoAxeViolations(page, "the sign-in sheet");
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
    const [width, height] = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf)!.slice(1).map(Number);
    expect([Math.round(width!), Math.round(height!)], "A4 in points").toEqual([595, 842]);
    expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });
});

describe("a place offered from the waiting list", () => {
  it("/user/events lists the offer and its claim page takes the attendee, a missing name refused beside the field; axe finds nothing wrong with either", async () => {
    const { context } = await openContext(stack.browser, DESKTOP);
    try {
      const page = await context.newPage();
      const watch = await watchPage(page);
      await signIn(page, MEMBER, "/user/events", true);
      const offers = main(page).locator("section", { has: page.getByRole("heading", { name: "Places offered to you from a waiting list" }) });
      expect(await offers.innerText()).toContain("Annual Conference 2027");
      await expectNoAxeViolations(page, "/user/events with an open offer");

      await follow(page, () => offers.getByRole("link", { name: "Claim your place" }).click());
      expect(pathOf(page)).toBe(`/user/events/offers/${OFFER.entry}`);
      await expectNoAxeViolations(page, "the offer's claim page");

      const form = main(page).locator("form", { has: page.getByRole("button", { name: "Put the place in my cart" }) });
      await form.getByLabel("E-mail address", { exact: true }).fill("colleague@e2e.guildhall.example");
      await form.getByLabel("Which workshop on day two?").selectOption("Pelvic health");
      await follow(page, () => form.getByRole("button", { name: "Put the place in my cart" }).click());
      expect(await main(page).innerText()).toContain("Enter the attendee's name");
      expect(await form.getByLabel("E-mail address", { exact: true }).inputValue(), "what was typed is kept").toBe("colleague@e2e.guildhall.example");
      await expectNoAxeViolations(page, "the offer's claim page with an error");
      // The refused form answers 400, which Chromium logs.
      expect(watch.take([failedToLoad(400)]), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
    } finally {
      await context.close();
    }
  });
});

describe("passing a place on", () => {
  /** The link in the new attendee's e-mail (the local mailbox's copy): their ticket's own page. */
  async function ticketLinkSentTo(email: string): Promise<string> {
    const messages = (await (await fetch(url("/dev/mailbox?format=json"))).json()) as { id: string; to: string; kind: string }[];
    const sent = messages.find((m) => m.kind === "event-place-transferred" && m.to === email);
    expect(sent, `the new attendee ${email} is e-mailed their ticket`).toBeTruthy();
    const text = await (await fetch(url(`/dev/mailbox/${sent!.id}/text`))).text();
    return /\/events\/tickets\/[A-Za-z0-9_-]+/.exec(text)![0];
  }

  for (const javaScript of [false, true]) {
    const place = javaScript ? PASS_ON.scripted : PASS_ON.scriptless;
    it(`${javaScript ? "with" : "without"} JavaScript: the buyer passes a place on (a missing name refused beside the field), the new attendee's ticket page opens from their e-mail, and the old ticket and a checked-in place are refused`, async () => {
      const { context, blocked } = await openContext(stack.browser, javaScript ? DESKTOP : { ...DESKTOP, javaScriptEnabled: false });
      // axe runs in the page, so it looks where JavaScript is on; the pages are the same server-rendered HTML without it.
      const axe = async (page: Page, state: string) => (javaScript ? expectNoAxeViolations(page, state) : undefined);
      try {
        const page = await context.newPage();
        const watch = javaScript ? await watchPage(page) : null;
        await signIn(page, MEMBER, "/user/events", javaScript);
        expect(await main(page).innerText(), "/user/events lists the place").toContain(`Pass ${place.name}'s place to someone else`);
        await follow(page, () => main(page).locator(`a[href="/user/events/places/${place.id}/transfer"]`).click());
        expect(pathOf(page)).toBe(`/user/events/places/${place.id}/transfer`);
        expect(await main(page).locator("h1").innerText()).toBe(`Pass ${place.name}'s place to someone else`);
        await axe(page, "the transfer page");

        const form = main(page).locator("form", { has: page.getByRole("button", { name: "Pass the place on" }) });
        const newEmail = `${place.to.split(" ")[0]!.toLowerCase()}@e2e.guildhall.example`;
        await form.getByLabel("Their e-mail address (their ticket is sent there)").fill(newEmail);
        await form.getByLabel("Which workshop on day two?").selectOption("Pelvic health");
        const refused = await follow(page, () => form.getByRole("button", { name: "Pass the place on" }).click());
        expect(refused.status()).toBe(400);
        expect(await main(page).locator("#a0\\.name-error").innerText()).toContain("Enter the attendee's name");
        expect(await form.getByLabel("Their e-mail address (their ticket is sent there)").inputValue(), "what was typed is kept").toBe(newEmail);
        expect(await form.getByLabel("Which workshop on day two?").inputValue()).toBe("Pelvic health");
        await axe(page, "the transfer page with a missing name");

        await form.getByLabel("Full name (as on the badge)").fill(place.to);
        await follow(page, () => form.getByRole("button", { name: "Pass the place on" }).click());
        expect(new URL(page.url()).pathname).toBe("/user/events");
        const mine = await main(page).innerText();
        expect(mine).toContain(place.to);
        expect(mine).not.toContain(place.name);

        // A place already checked in cannot be passed on: its page says why, with no form.
        const arrived = await visit(page, url(`/user/events/places/${PASS_ON.arrived.id}/transfer`));
        expect(arrived!.status()).toBe(200);
        expect(await main(page).getByRole("alert").innerText()).toBe("This place has been checked in already: it cannot be passed on.");
        expect(await main(page).getByRole("button", { name: "Pass the place on" }).count()).toBe(0);
        await axe(page, "the transfer page refusing a checked-in place");
        if (watch) expect(watch.take([failedToLoad(400)]), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);

        // The new attendee, with no account, opens their ticket from the e-mail.
        const recipient = await context.browser()!.newContext(javaScript ? DESKTOP : { ...DESKTOP, javaScriptEnabled: false });
        try {
          const theirs = await recipient.newPage();
          const theirWatch = javaScript ? await watchPage(theirs) : null;
          const ticket = await ticketLinkSentTo(newEmail);
          expect((await visit(theirs, url(ticket)))!.status()).toBe(200);
          expect(await main(theirs).locator("h1").innerText()).toBe(`Your ticket: ${conference.name}`);
          expect(await main(theirs).getByRole("img", { name: `QR code for ${place.to}'s ticket` }).locator("svg").count()).toBe(1);
          if (javaScript) await expectNoAxeViolations(theirs, "the new attendee's ticket page");

          // The ticket passed on no longer opens: its page says why.
          const old = await visit(theirs, url(`/events/tickets/${place.token}`));
          expect(old!.status()).toBe(404);
          expect(await main(theirs).locator("h1").innerText()).toBe("Page not found");
          if (javaScript) await expectNoAxeViolations(theirs, "the old ticket's page, refused");
          if (theirWatch) expect(theirWatch.take([failedToLoad(404)]), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
        } finally {
          await recipient.close();
        }
        expect(blocked, "requests that would have left loopback").toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
