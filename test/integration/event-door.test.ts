/**
 * The browser side of events for staff (issue 27), through the Worker with the real Strapi demo
 * content and D1: the check-in endpoint's JSON answer for the door's island (still once per
 * ticket, still CSRF-protected), the check-in page's arrivals and the list it carries, the camera
 * allowed on that page only, and the A4 print pages (name badges, sign-in sheet).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { eventsOperation } from "../../src/adapters/cms/operations/events";
import type { SocietyEvent } from "../../src/domain/events";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";

let conference: SocietyEvent;
let course: SocietyEvent;

/** A confirmed place at the event for `name`, made directly in D1; its ticket's QR text. */
async function bookedAttendee(event: SocietyEvent, name: string, ticketCode: string): Promise<{ id: string; token: string }> {
  const bookingId = crypto.randomUUID();
  const id = crypto.randomUUID();
  const token = crypto.randomUUID().replace(/-/g, "");
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, event_capacity, ticket_capacity, status, hold_expires_at)
       VALUES (?1, ?2, ?3, 'door-test', ?4, 'Door test', 1, 24000, 24000, 'standard', 1, NULL, NULL, 'confirmed', '2000-01-01T00:00:00.000Z')`,
    ).bind(bookingId, event.id, event.slug, ticketCode),
    env.DB.prepare(
      `INSERT INTO event_attendees (id, booking_id, event_id, ticket_code, counts_for_event, name, email, status, hold_expires_at, qr_token)
       VALUES (?1, ?2, ?3, ?4, 1, ?5, 'door@guild.example', 'confirmed', '2000-01-01T00:00:00.000Z', ?6)`,
    ).bind(id, bookingId, event.id, ticketCode, name, token),
  ]);
  return { id, token };
}

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  const events = (await cms.run(eventsOperation, { page: 1, pageSize: 100 })).items;
  conference = events.find((e) => e.slug === "annual-conference")!;
  course = events.find((e) => e.slug === "manual-therapy-course")!;
});

describe("check-in answered as JSON for the door's island", () => {
  it("checks a scanned ticket in once, refuses it the second time and at another event, each with the page's words", async () => {
    const { token } = await bookedAttendee(conference, "Jasper Doorway", "member");
    const staff = await signedInStaff();
    const json = { headers: { Accept: "application/json" } };

    const first = await staff.post(`/staff/events/${conference.id}/check-in`, { code: `guildhall-ticket:${token}` }, json);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toMatch(/^application\/json/);
    const done = (await first.json()) as { outcome: string; name: string; checkedInAt: string; message: string };
    expect(done).toMatchObject({ outcome: "done", name: "Jasper Doorway", message: "Checked in: Jasper Doorway" });
    expect(Date.parse(done.checkedInAt)).not.toBeNaN();

    const again = await staff.post(`/staff/events/${conference.id}/check-in`, { code: `guildhall-ticket:${token}` }, json);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ outcome: "already", name: "Jasper Doorway", checkedInAt: done.checkedInAt, message: expect.stringMatching(/^Already checked in: this ticket has been used: Jasper Doorway \(at \d\d:\d\d\)$/) });

    const elsewhere = await staff.post(`/staff/events/${course.id}/check-in`, { code: token }, json);
    expect(elsewhere.status).toBe(409);
    expect(await elsewhere.json()).toMatchObject({ outcome: "other-event", name: null, message: "This ticket is for another event" });
  });

  it("refuses a check-in without the form's CSRF token, and checks no one in", async () => {
    const { id } = await bookedAttendee(conference, "Nadia Notoken", "member");
    const staff = await signedInStaff();
    const response = await staff.fetch(`/staff/events/${conference.id}/check-in`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ attendeeId: id }),
    });
    expect(response.status).toBe(403);
    expect(await env.DB.prepare("SELECT checked_in_at FROM event_attendees WHERE id = ?1").bind(id).first("checked_in_at")).toBeNull();
  });

  it("refuses a member who is not staff", async () => {
    const user = await createUser();
    await makeMember(user);
    const member = new TestBrowser();
    await member.signIn(user.email, user.password);
    const { id } = await bookedAttendee(conference, "Mina Member", "member");
    const response = await member.post(`/staff/events/${conference.id}/check-in`, { attendeeId: id }, { headers: { Accept: "application/json" }, redirect: "manual" });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(await env.DB.prepare("SELECT checked_in_at FROM event_attendees WHERE id = ?1").bind(id).first("checked_in_at")).toBeNull();
  });
});

describe("the check-in page", () => {
  it("counts who has arrived, lists them, carries the attendee list for finding names offline, and may use the camera", async () => {
    const here = await bookedAttendee(conference, "Arlo Arrived", "member");
    const away = await bookedAttendee(conference, "Bea Notyet", "non-member");
    const staff = await signedInStaff();
    expect((await staff.post(`/staff/events/${conference.id}/check-in`, { attendeeId: here.id })).status).toBe(200);

    const response = await staff.fetch(`/staff/events/${conference.id}/check-in`);
    expect(response.headers.get("Permissions-Policy")).toContain("camera=(self)");
    const html = await response.text();
    expect(html).toMatch(/Arrived: \d+ of \d+/);
    const arrived = html.slice(html.indexOf("data-check-in-arrived="));
    expect(arrived).toContain("Arlo Arrived");
    expect(arrived.slice(0, arrived.indexOf("</ul>"))).not.toContain("Bea Notyet");
    const list = JSON.parse(/<script type="application\/json" id="check-in-attendees">([^<]*)<\/script>/.exec(html)![1]!) as [string, string, string, string | null][];
    expect(list.find(([id]) => id === away.id)).toEqual([away.id, "Bea Notyet", "Non-member", null]);
    expect(list.find(([id]) => id === here.id)?.[3]).toMatch(/^\d{4}-/);
    expect(html, "no ticket's QR text is sent to the phone").not.toContain(away.token);

    const elsewhere = await staff.fetch(`/staff/events/${conference.id}`);
    expect(elsewhere.headers.get("Permissions-Policy")).toContain("camera=()");
  });
});

describe("the A4 print pages", () => {
  it("prints a name badge per attendee with their ticket, and a sign-in sheet with who has already checked in", async () => {
    const here = await bookedAttendee(conference, "Cleo Printed", "member");
    await bookedAttendee(conference, "Dev Unsigned", "non-member");
    const staff = await signedInStaff();
    await staff.post(`/staff/events/${conference.id}/check-in`, { attendeeId: here.id });

    const detail = await (await staff.fetch(`/staff/events/${conference.id}`)).text();
    expect(detail).toContain(`href="/staff/events/${conference.id}/badges"`);
    expect(detail).toContain(`href="/staff/events/${conference.id}/sign-in-sheet"`);

    const badges = await staff.fetch(`/staff/events/${conference.id}/badges`);
    expect(badges.status).toBe(200);
    const badgesHtml = await badges.text();
    expect(badgesHtml).toMatch(/<li class="name-badge"><span class="name-badge__name">Cleo Printed<\/span><span class="name-badge__ticket">Member<\/span>/);
    expect(badgesHtml).toMatch(/<li class="name-badge"><span class="name-badge__name">Dev Unsigned<\/span><span class="name-badge__ticket">Non-member<\/span>/);

    const sheet = await staff.fetch(`/staff/events/${conference.id}/sign-in-sheet`);
    expect(sheet.status).toBe(200);
    const sheetHtml = await sheet.text();
    expect(sheetHtml).toMatch(/<td>Cleo Printed<\/td><td>Member<\/td><td class="sign-in-sheet__arrived">✓ Checked in<\/td>/);
    expect(sheetHtml).toMatch(/<td>Dev Unsigned<\/td><td>Non-member<\/td><td class="sign-in-sheet__arrived"><span class="sign-in-sheet__box"/);
  });

  it("are for staff only", async () => {
    const visitor = new TestBrowser();
    for (const page of ["badges", "sign-in-sheet"]) {
      const response = await visitor.fetch(`/staff/events/${conference.id}/${page}`, { redirect: "manual" });
      expect(response.status, page).toBeGreaterThanOrEqual(300);
      expect(response.status, page).not.toBe(200);
    }
  });
});
