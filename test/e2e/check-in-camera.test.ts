/**
 * The door scanner in real Chromium, through a camera: Chromium's fake capture device plays a
 * picture of a ticket's QR code, and the check-in page reads it and checks the attendee in.
 *
 * The picture is made at test time from what the attendee's ticket page shows: the page's QR code
 * (the SVG the server draws with lean-qr) is drawn by Chromium onto a canvas, and its pixels are
 * written as one frame of a `.y4m` video, the format the fake camera plays (in a loop). Chromium
 * here has no `BarcodeDetector`, so this exercises the scanner's own decoder (jsQR), which the
 * page loads only when the scanner starts.
 *
 * The fake camera is a launch flag, so this file starts a Chromium of its own for the door; the
 * run's shared Chromium draws the picture.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../scripts/lib/firebase.mjs";
import { createCmsClient } from "../../src/adapters/cms/client";
import { eventsOperation } from "../../src/adapters/cms/operations/events";
import type { SocietyEvent } from "../../src/domain/events";
import { TEST_SECRETS } from "../support/test-secrets";
import { axeFindings, formatFindings } from "./support/axe";
import { useBrowserStack } from "./support/browser-stack";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, DESKTOP, openContext, PHONE } from "./support/chromium";
import { follow, visit } from "./support/navigate";
import { NO_PROBLEMS, watchPage } from "./support/page-watch";
import { siteWorkerUrl, WORKER_SLOTS } from "./support/site-worker";
import { onVerifyPage, passStaffVerify, staffSecondFactorSql } from "./support/staff-second-factor";

const STAFF = DEMO_ACCOUNTS.staff;
/** A booked attendee of the conference; the ticket code is 128 random bits, URL-safe, as the site makes them. */
const ATTENDEE = { id: "e2e-camera-cam", name: "Cam Scanned", token: randomBytes(16).toString("base64url") };
/** The fake camera's picture: a phone camera's 640 × 480, the ticket's QR code 320 px across in the middle. */
const FRAME = { width: 640, height: 480, code: 320 } as const;

let conference: SocietyEvent;

// Registered before the stack: the event's id is known when the Worker's D1 is seeded.
beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${inject("cmsUrl")}/graphql`, token: TEST_SECRETS.cmsToken, timeoutMs: 10_000 });
  conference = (await cms.run(eventsOperation, { page: 1, pageSize: 100 })).items.find((event) => event.slug === "annual-conference")!;
});

const stack = useBrowserStack(WORKER_SLOTS.checkInCamera, {
  vars: { SITE_URL: siteWorkerUrl(WORKER_SLOTS.checkInCamera), STAFF_EMAILS: STAFF.email },
  get seedSql() {
    return `${staffSecondFactorSql()}
      INSERT INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, status, hold_expires_at)
        VALUES ('b-${ATTENDEE.id}', '${conference.id}', '${conference.slug}', 'e2e-camera', 'member', 'Annual Conference 2027: Member × 1', 1, 24000, 24000, 'standard', 1, 'confirmed', '2000-01-01T00:00:00.000Z');
      INSERT INTO event_attendees (id, booking_id, event_id, ticket_code, counts_for_event, name, email, status, hold_expires_at, qr_token)
        VALUES ('${ATTENDEE.id}', 'b-${ATTENDEE.id}', '${conference.id}', 'member', 1, '${ATTENDEE.name}', '${ATTENDEE.id}@e2e.guildhall.example', 'confirmed', '2000-01-01T00:00:00.000Z', '${ATTENDEE.token}');`;
  },
});
const url = (path: string) => stack.url(path);
const ticketPath = `/events/tickets/${ATTENDEE.token}`;
const checkInPath = () => `/staff/events/${conference.id}/check-in`;

let folder: string;
let door: Browser;

/** The ticket page's QR code as Chromium draws it, white around it: the frame's brightness (Y), one byte a pixel. */
async function ticketFrame(): Promise<Buffer> {
  const { context } = await openContext(stack.browser, DESKTOP);
  try {
    const page = await context.newPage();
    expect((await visit(page, url(ticketPath))).status()).toBe(200);
    const qr = page.getByRole("img", { name: `QR code for ${ATTENDEE.name}'s ticket` });
    const svg = await qr.locator("svg").evaluate((element) => element.outerHTML);
    const luma = await page.evaluate(
      async ({ svg, width, height, code }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.includes("xmlns=") ? svg : svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"'))}`;
        await image.decode();
        const canvas = Object.assign(document.createElement("canvas"), { width, height });
        const context = canvas.getContext("2d")!;
        context.fillStyle = "#fff";
        context.fillRect(0, 0, width, height);
        context.imageSmoothingEnabled = false;
        context.drawImage(image, (width - code) / 2, (height - code) / 2, code, code);
        const { data } = context.getImageData(0, 0, width, height);
        let bytes = "";
        for (let i = 0; i < data.length; i += 4) bytes += String.fromCharCode(Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
        return btoa(bytes);
      },
      { svg, ...FRAME },
    );
    return Buffer.from(luma, "base64");
  } finally {
    await context.close();
  }
}

/** One frame of YUV 4:2:0 video (grey: the colour planes at their middle), as the fake camera reads it. */
function y4m(luma: Buffer, width: number, height: number): Buffer {
  const colour = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, colour]);
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "guildhall-camera-"));
  const video = join(folder, "ticket.y4m");
  writeFileSync(video, y4m(await ticketFrame(), FRAME.width, FRAME.height));
  door = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });
});
afterAll(async () => {
  await door?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function signInStaff(page: Page, callbackPath: string) {
  await visit(page, url(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`));
  await page.locator("form[data-auth-form] button[type=submit][aria-busy]").waitFor({ state: "attached", timeout: 10_000 });
  await page.getByLabel("E-mail address").fill(STAFF.email);
  await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
  await follow(page, () => page.locator("form[data-auth-form]").getByRole("button", { name: /^Sign(ing)? in/ }).click());
  if (onVerifyPage(page)) await passStaffVerify(page);
  await page.waitForURL((address) => address.pathname === callbackPath, { timeout: 15_000 });
}

async function expectNoAxeViolations(page: Page, state: string) {
  expect(formatFindings(await axeFindings(page)), `axe on ${state}`).toEqual([]);
}

describe("the door scanner, with a camera", () => {
  let context: BrowserContext;

  afterAll(async () => {
    await context?.close();
  });

  it("reads a ticket's QR code from the camera with the page's own decoder, loaded when the scanner starts, and checks the attendee in", async () => {
    ({ context } = await openContext(door, PHONE));
    const page = await context.newPage();
    const watch = await watchPage(page);
    const decoderFetches: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/chunks\/frame-decoder-[^/]+\.js$/.test(request.url())) decoderFetches.push(request.url());
    });
    await signInStaff(page, checkInPath());

    const scan = page.getByRole("button", { name: "Scan a ticket with the camera" });
    await scan.waitFor();
    expect(await page.evaluate(() => "BarcodeDetector" in globalThis), "this Chromium has no BarcodeDetector: the page decodes").toBe(false);
    expect(decoderFetches, "the decoder is not fetched before the scanner starts").toEqual([]);
    await expectNoAxeViolations(page, "the check-in page with the camera offered");

    await scan.click();
    await page.getByRole("button", { name: "Stop the camera" }).waitFor();
    expect(decoderFetches, "the decoder is fetched once the scanner starts").toHaveLength(1);
    const queued = page.locator("[data-check-in-queue-list] > li", { hasText: ATTENDEE.name });
    await expect.poll(() => queued.getAttribute("data-check-in-state"), { timeout: 20_000 }).toBe("sent");
    expect(await queued.innerText()).toContain(`Checked in: ${ATTENDEE.name}`);
    expect(await page.locator("[data-check-in-live]").innerText()).toBe(`${ATTENDEE.name}: Checked in: ${ATTENDEE.name}`);
    expect(await page.getByLabel("Camera view: hold the ticket's QR code in the frame").isVisible()).toBe(true);
    await expectNoAxeViolations(page, "the check-in page with the camera on and a ticket scanned");

    // The same ticket still in front of the camera is not a second check-in.
    await page.getByRole("button", { name: "Stop the camera" }).click();
    await scan.waitFor();
    expect(await page.locator("[data-check-in-queue-list] > li").count()).toBe(1);

    // The server has it: the page, loaded again, counts the attendee as arrived, and the ticket says so.
    await visit(page, url(checkInPath()));
    await page.locator(".check-in__arrived summary").click();
    expect(await page.locator("[data-check-in-arrived]").innerText()).toContain(ATTENDEE.name);
    await visit(page, url(ticketPath));
    expect(await page.locator(".ticket").innerText()).toContain(`${ATTENDEE.name}: Member — checked in`);
    expect(watch.take(), "console errors, exceptions and CSP violations").toEqual(NO_PROBLEMS);
  });
});
