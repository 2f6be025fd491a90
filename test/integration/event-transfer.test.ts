/**
 * Passing an attendee's place to someone else (issue 27), through the Worker with the real Strapi
 * demo content and D1: by the buyer under /user/events and by staff from the attendee list; the
 * old ticket refused at the door, the new attendee's ticket page and e-mail, the previous
 * attendee told, the audit entry; and the places that cannot be passed on refused with a reason.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { eventsOperation } from "../../src/adapters/cms/operations/events";
import type { SocietyEvent } from "../../src/domain/events";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { signedInStaff } from "../support/worker/staff";

let conference: SocietyEvent;
let workshop: SocietyEvent;
// One staff sign-in for the file (the sign-in limiter refuses a sixth sign-in a minute).
let staffBrowser: Promise<TestBrowser> | undefined;
const staffSession = () => (staffBrowser ??= signedInStaff());

beforeAll(async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  const events = (await cms.run(eventsOperation, { page: 1, pageSize: 100 })).items;
  conference = events.find((e) => e.slug === "annual-conference")!;
  workshop = events.find((e) => e.slug === "online-exercise-workshop")!;
});

async function buyer() {
  const user = await createUser();
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { browser, user };
}

/** A confirmed place for `name` bought by `userId` (with a dinner add-on when asked), made directly in D1: a Non-member ticket (anyone may hold it) unless told. */
async function place(event: SocietyEvent, userId: string, name: string, options: { dinner?: boolean; ticket?: string } = {}): Promise<{ id: string; token: string; email: string }> {
  const orderId = crypto.randomUUID();
  const email = `${name.toLowerCase().replace(/ /g, ".")}@guild.example`;
  const id = crypto.randomUUID();
  const token = crypto.randomUUID().replace(/-/g, "");
  const rows = [{ id, code: options.ticket ?? "non-member", counts: 1, token }, ...(options.dinner ? [{ id: crypto.randomUUID(), code: "dinner", counts: 0, token: crypto.randomUUID().replace(/-/g, "") }] : [])];
  await env.DB.batch(
    rows.flatMap((row) => {
      const bookingId = crypto.randomUUID();
      return [
        env.DB.prepare(
          `INSERT INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, event_capacity, ticket_capacity, status, hold_expires_at, order_id)
           VALUES (?1, ?2, ?3, ?4, ?5, 'Transfer test', 1, 24000, 24000, 'standard', ?6, NULL, NULL, 'confirmed', '2000-01-01T00:00:00.000Z', ?7)`,
        ).bind(bookingId, event.id, event.slug, userId, row.code, row.counts, orderId),
        env.DB.prepare(
          `INSERT INTO event_attendees (id, booking_id, event_id, ticket_code, counts_for_event, name, email, answers, status, hold_expires_at, qr_token)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, '{"workshop":"Pelvic health","dietary":"Vegan"}', 'confirmed', '2000-01-01T00:00:00.000Z', ?8)`,
        ).bind(row.id, bookingId, event.id, row.code, row.counts, name, email, row.token),
      ];
    }),
  );
  return { id, token, email };
}

const attendee = (id: string) => env.DB.prepare("SELECT name, email, answers, qr_token FROM event_attendees WHERE id = ?1").bind(id).first<{ name: string; email: string; answers: string; qr_token: string }>();
const outbox = (kind: string, to: string) => env.DB.prepare("SELECT data FROM email_outbox WHERE kind = ?1 AND recipient = ?2").bind(kind, to).all<{ data: string }>();

describe("a buyer passes a place to a colleague", () => {
  it("asks for the new attendee's details and the required answers, says the cut-off, and keeps what was typed", async () => {
    const { browser, user } = await buyer();
    const { id } = await place(conference, user.uid, "Ada Original");
    const list = await (await browser.fetch("/user/events")).text();
    expect(list).toContain(`/user/events/places/${id}/transfer`);
    expect(list).toMatch(/Places can be passed to someone else \(a new name and e-mail\) until/);

    const form = await browser.fetch(`/user/events/places/${id}/transfer`);
    expect(form.status).toBe(200);
    const page = await form.text();
    expect(page).toContain("48 hours before the start");
    expect(page).toContain("Which workshop on day two?");

    const refused = await browser.post(`/user/events/places/${id}/transfer`, { "a0.name": "Grace Colleague", "a0.email": "not-an-address" });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain("Enter the attendee&#x27;s e-mail address");
    expect(again).toContain("Answer “Which workshop on day two?”");
    expect(again).toContain('value="Grace Colleague"');
    expect((await attendee(id))!.name).toBe("Ada Original");
  });

  it("gives the place a new ticket: the old QR code is refused at the door, the new attendee gets their ticket and the previous one is told", async () => {
    const { browser, user } = await buyer();
    const { id, token, email } = await place(conference, user.uid, "Ada Leaving", { dinner: true });
    const newEmail = `grace-${Date.now()}@guild.example`;
    const done = await browser.post(`/user/events/places/${id}/transfer`, { "a0.name": "Grace Arriving", "a0.email": newEmail, "a0.q.workshop": "Pain education" });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/user/events?transferred=1");

    const now = (await attendee(id))!;
    expect(now).toMatchObject({ name: "Grace Arriving", email: newEmail });
    expect(JSON.parse(now.answers)).toEqual({ workshop: "Pain education" });
    expect(now.qr_token).not.toBe(token);
    // The dinner booked for the same person goes with the place.
    const dinner = await env.DB.prepare("SELECT name, email FROM event_attendees WHERE event_id = ?1 AND ticket_code = 'dinner' AND email = ?2").bind(conference.id, newEmail).all();
    expect(dinner.results).toEqual([{ name: "Grace Arriving", email: newEmail }]);

    const staff = await staffSession();
    const json = { headers: { Accept: "application/json" } };
    const old = await staff.post(`/staff/events/${conference.id}/check-in`, { code: `guildhall-ticket:${token}` }, json);
    expect(old.status).toBe(409);
    expect(await old.json()).toMatchObject({ outcome: "unknown" });

    const [toNew] = (await outbox("event-place-transferred", newEmail)).results;
    const data = JSON.parse(toNew!.data) as { ticketCode: string; attendees: { name: string; ticket: string }[] };
    expect(data.ticketCode).toBe(now.qr_token);
    expect(data.attendees).toEqual([{ name: "Grace Arriving", ticket: "Non-member" }, { name: "Grace Arriving", ticket: "Conference dinner add-on" }]);
    expect((await outbox("event-place-passed-on", email)).results).toHaveLength(1);

    const ticket = await new TestBrowser().fetch(`/events/tickets/${now.qr_token}`);
    expect(ticket.status).toBe(200);
    // The address is the ticket: the site-wide policy sends another site only the origin, never the path.
    expect(ticket.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const ticketPage = await ticket.text();
    expect(ticketPage).toContain("Grace Arriving");
    expect(ticketPage).toContain("QR code for Grace Arriving&#x27;s ticket");
    expect((await new TestBrowser().fetch(`/events/tickets/${token}`)).status).toBe(404);

    const audit = await env.DB.prepare("SELECT staff_email, details FROM staff_audit_log WHERE action = 'event.place_transferred' AND details LIKE ?1").bind(`%${id}%`).first<{ staff_email: string; details: string }>();
    expect(audit!.staff_email).toBe(`buyer:${user.uid}`);
    expect(JSON.parse(audit!.details)).toMatchObject({ from: { name: "Ada Leaving" }, to: { name: "Grace Arriving", email: newEmail } });

    const checkIn = await staff.post(`/staff/events/${conference.id}/check-in`, { code: `guildhall-ticket:${now.qr_token}` }, json);
    expect(await checkIn.json()).toMatchObject({ outcome: "done", name: "Grace Arriving" });
  });

  it("refuses a checked-in place, a cancelled one and one at an event that is over, each with its reason; another buyer's place is not found", async () => {
    const { browser, user } = await buyer();
    const checkedIn = await place(conference, user.uid, "Ada Arrived");
    await env.DB.prepare("UPDATE event_attendees SET checked_in_at = '2027-01-01T09:00:00.000Z' WHERE id = ?1").bind(checkedIn.id).run();
    const cancelled = await place(conference, user.uid, "Ada Refunded");
    await env.DB.prepare("UPDATE event_attendees SET status = 'cancelled' WHERE id = ?1").bind(cancelled.id).run();
    const past = await place(workshop, user.uid, "Ada Past", { ticket: "place" });
    const fields = { "a0.name": "Grace Colleague", "a0.email": "grace.colleague@guild.example", "a0.q.workshop": "Pain education" };

    for (const [id, reason] of [
      [checkedIn.id, "This place has been checked in already: it cannot be passed on."],
      [cancelled.id, "This place was cancelled or refunded: there is nothing to pass on."],
      [past.id, "This event is over: its places can no longer be passed on."],
    ] as const) {
      const response = await browser.post(`/user/events/places/${id}/transfer`, fields);
      expect(response.status).toBe(409);
      expect(await response.text()).toContain(reason);
    }
    expect((await attendee(checkedIn.id))!.name).toBe("Ada Arrived");

    const stranger = await buyer();
    expect((await stranger.browser.fetch(`/user/events/places/${checkedIn.id}/transfer`)).status).toBe(404);
    expect((await stranger.browser.post(`/user/events/places/${cancelled.id}/transfer`, fields)).status).toBe(404);
  });

  it("refuses a transfer without the form's CSRF token", async () => {
    const { browser, user } = await buyer();
    const { id } = await place(conference, user.uid, "Ada Guarded");
    const response = await browser.fetch(`/user/events/places/${id}/transfer`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ "a0.name": "Mallory", "a0.email": "mallory@guild.example", "a0.q.workshop": "Pain education" }).toString(),
    });
    expect(response.status).toBe(403);
    expect((await attendee(id))!.name).toBe("Ada Guarded");
  });
});

describe("a members-only ticket passed on", () => {
  it("the giver is told the recipient must be a member; a non-member's address is refused beside the field and the place stays, a member's is accepted", async () => {
    const { browser, user } = await buyer();
    const { id, email } = await place(conference, user.uid, "Ada Member", { ticket: "member" });
    const page = await (await browser.fetch(`/user/events/places/${id}/transfer`)).text();
    expect(page).toContain("This is a members-only ticket: it can be passed only to a member whose membership is in force");

    const outsider = `outsider-${Date.now()}@guild.example`;
    const refused = await browser.post(`/user/events/places/${id}/transfer`, { "a0.name": "Olive Outsider", "a0.email": outsider, "a0.q.workshop": "Pain education" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("This ticket is for members only, and no membership in force is under this address");
    expect(html).toContain(`value="${outsider}"`);
    expect(await attendee(id)).toMatchObject({ name: "Ada Member", email });
    expect((await outbox("event-place-transferred", outsider)).results).toHaveLength(0);

    // A lapsed membership is not in force either.
    const lapsed = await createUser();
    await makeMember(lapsed, "2020-01-31");
    expect((await browser.post(`/user/events/places/${id}/transfer`, { "a0.name": "Lapsed Member", "a0.email": lapsed.email, "a0.q.workshop": "Pain education" })).status).toBe(400);
    expect((await attendee(id))!.name).toBe("Ada Member");

    const member = await createUser();
    await makeMember(member);
    const done = await browser.post(`/user/events/places/${id}/transfer`, { "a0.name": "Mary Member", "a0.email": member.email, "a0.q.workshop": "Pain education" });
    expect(done.status).toBe(303);
    expect(await attendee(id)).toMatchObject({ name: "Mary Member", email: member.email });
  });
});

describe("staff pass a place on from the attendee list", () => {
  it("links each place from the list and passes it on, audited under the staff member", async () => {
    const { user } = await buyer();
    const { id, email } = await place(conference, user.uid, "Aaron Staffpass");
    const staff = await staffSession();
    const list = await (await staff.fetch(`/staff/events/${conference.id}?afterName=Aaron&afterId=`)).text();
    expect(list).toContain(`/staff/events/${conference.id}/attendees/${id}/transfer`);
    const response = await staff.post(`/staff/events/${conference.id}/attendees/${id}/transfer`, { "a0.name": "Beth Replacement", "a0.email": "beth.replacement@guild.example", "a0.q.workshop": "Pelvic health" });
    expect(response.status).toBe(303);
    expect((await attendee(id))!.name).toBe("Beth Replacement");
    const [told] = (await outbox("event-place-passed-on", email)).results;
    expect(JSON.parse(told!.data)).toMatchObject({ by: "staff", attendeeName: "Aaron Staffpass" });
    const audit = await env.DB.prepare("SELECT staff_email FROM staff_audit_log WHERE action = 'event.place_transferred' AND details LIKE ?1").bind(`%${id}%`).first<{ staff_email: string }>();
    expect(audit!.staff_email).toBe("staff@guildhall.example");
  });
});
