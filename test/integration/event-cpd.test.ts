/**
 * CPD from real attendance at events (issue 27), against the real Strapi demo content, D1 and
 * the Firebase emulator: checking in at the door and an online session's attendance report each
 * credit a CPD entry, confirmed by the society, with a certificate and a thank-you e-mail, once;
 * someone who booked and did not attend gets nothing.
 */
import { env, SELF } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { eventsOperation } from "../../src/adapters/cms/operations/events";
import type { SocietyEvent } from "../../src/domain/events";
import { createUser, makeMember, TestBrowser } from "../support/worker/browser";
import { asEditor } from "../support/worker/cms-editor";
import { clearContentCache } from "../support/worker/helpers";
import { signedInStaff } from "../support/worker/staff";

let events: SocietyEvent[];
const bySlug = (slug: string) => events.find((e) => e.slug === slug)!;
const readEvents = async () => {
  const cms = createCmsClient({ graphqlUrl: `${env.CMS_URL}/graphql`, token: env.CMS_TOKEN, timeoutMs: 10_000 });
  events = (await cms.run(eventsOperation, { page: 1, pageSize: 100 })).items;
};
/** Events this file publishes, deleted at the end. */
const made: string[] = [];

beforeAll(readEvents);
afterAll(async () => {
  for (const documentId of made) await asEditor("DELETE", `/api/events/${documentId}`);
  if (made.length > 0) await clearContentCache();
});

/** A signed-in member with a confirmed place at the event (booked and paid, written directly), booked under their own address. */
async function bookedMember(event: SocietyEvent, name: string) {
  const user = await createUser();
  await makeMember(user);
  const booking = crypto.randomUUID();
  const attendee = crypto.randomUUID();
  const ticket = event.ticketTypes.find((t) => !t.addOn)!.code;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, event_capacity, ticket_capacity, status, hold_expires_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, 0, 0, 'exempt', 1, NULL, NULL, 'confirmed', '2000-01-01T00:00:00.000Z')`,
    ).bind(booking, event.id, event.slug, user.uid, ticket, event.name),
    env.DB.prepare(
      `INSERT INTO event_attendees (id, booking_id, event_id, ticket_code, counts_for_event, name, email, status, hold_expires_at, qr_token)
       VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6, 'confirmed', '2000-01-01T00:00:00.000Z', ?1)`,
    ).bind(attendee, booking, event.id, ticket, name, user.email),
  ]);
  const browser = new TestBrowser();
  await browser.signIn(user.email, user.password);
  return { user, browser, attendee };
}

const entriesOf = (userId: string) =>
  env.DB.prepare("SELECT * FROM cpd_entries WHERE user_id = ?1").bind(userId).all<{ id: string; source: string; attendance: string; confirmed_at: string | null; hours_hundredths: number; category: string; title: string }>();
const certificatesOf = (userId: string) => env.DB.prepare("SELECT * FROM cpd_certificates WHERE user_id = ?1").bind(userId).all<{ id: string; holder_name: string; evidence: string }>();
const thanksTo = (userId: string) => env.DB.prepare("SELECT id, subject FROM email_outbox WHERE user_id = ?1 AND kind = 'event-attendance-thanks'").bind(userId).all<{ id: string; subject: string }>();

/** The report as a staff browser uploads it, which previews it. */
async function uploadReport(staff: TestBrowser, event: SocietyEvent, csv: string) {
  const form = new FormData();
  form.set("csrfToken", await staff.csrfToken());
  form.set("report", new File([csv], "participants.csv", { type: "text/csv" }));
  return staff.fetch(`/staff/events/${event.id}/attendance`, { method: "POST", body: form });
}

/** The kept preview the preview page's "Import" button sends (no file). */
const previewIdIn = (html: string) => /name="previewId" value="([^"]+)"/.exec(html)?.[1];

/** The preview page's "Import" form, posted as the browser would: the preview's id, not the file. */
const importPreview = (staff: TestBrowser, event: SocietyEvent, previewId: string) => staff.post(`/staff/events/${event.id}/attendance/import`, { previewId });

/** Uploads the report, then imports the preview it shows. */
async function previewAndImport(staff: TestBrowser, event: SocietyEvent, csv: string): Promise<string> {
  const previewId = previewIdIn(await (await uploadReport(staff, event, csv)).text());
  expect(previewId, "the preview offers its import").toBeTruthy();
  return (await importPreview(staff, event, previewId!)).text();
}

/** The workshop's London clock (it ran 18:00-19:30 twenty days ago), as Zoom writes it: no zone. */
function zoomTime(event: SocietyEvent, minutesAfterStart: number): string {
  const at = new Date(Date.parse(event.startsAt) + minutesAfterStart * 60_000);
  return at.toLocaleString("sv-SE", { timeZone: "Europe/London" });
}

describe("attendance for an online event", () => {
  it("an attendance CSV import credits only those who stayed", async () => {
    const workshop = bySlug("online-exercise-workshop");
    expect(workshop.minimumAttendancePercent).toBe(75); // of 90 minutes: 68
    const stayed = await bookedMember(workshop, "Stayed Throughout");
    const left = await bookedMember(workshop, "Left Early");
    const absent = await bookedMember(workshop, "Never Came");
    const early = await bookedMember(workshop, "Came Early");
    const staff = await signedInStaff();
    const csv = [
      "Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest",
      // Dropped out for ten minutes and came back: 40 + 40 = 80 minutes.
      `Stayed,${stayed.user.email.toUpperCase()},${zoomTime(workshop, 0)},${zoomTime(workshop, 40)},40,No`,
      `Stayed,${stayed.user.email},${zoomTime(workshop, 50)},${zoomTime(workshop, 90)},40,No`,
      `Left,${left.user.email},${zoomTime(workshop, 0)},${zoomTime(workshop, 30)},30,No`,
      // In the waiting room half an hour before the start: 75 minutes connected, 45 of them in the session.
      `Early,${early.user.email},${zoomTime(workshop, -30)},${zoomTime(workshop, 45)},75,No`,
      `Stranger,stranger@elsewhere.example,${zoomTime(workshop, 0)},${zoomTime(workshop, 90)},90,No`,
    ].join("\r\n");

    expect(await (await staff.fetch(`/staff/events/${workshop.id}`)).text()).toContain(`/staff/events/${workshop.id}/attendance`);
    const form = await (await staff.fetch(`/staff/events/${workshop.id}/attendance`)).text();
    expect(form).toContain("at least 75% of the session: 68 minutes");
    expect(form).toMatch(/encType="multipart\/form-data"/i);

    const preview = await uploadReport(staff, workshop, csv);
    expect(preview.status).toBe(200);
    const previewed = await preview.text();
    expect(previewed).toContain("Preview: nothing has been recorded yet");
    expect(previewed).toContain("Import: mark 1 attended and credit CPD");
    expect((await entriesOf(stayed.user.uid)).results).toEqual([]);

    // "Import" confirms the previewed rows: the file is not uploaded again.
    const confirm = await importPreview(staff, workshop, previewIdIn(previewed)!);
    expect(confirm.status).toBe(200);
    const imported = await confirm.text();
    expect(imported).not.toContain('name="previewId"');
    const attendedTable = imported.slice(imported.indexOf("Attended: stayed long enough"), imported.indexOf("Did not stay long enough"));
    expect(attendedTable).toContain("Stayed Throughout");
    expect(attendedTable).toContain("80 minutes");
    expect(attendedTable).toContain("CPD entry and certificate issued");
    expect(attendedTable).not.toContain("Left Early");
    const shortTable = imported.slice(imported.indexOf("Did not stay long enough"), imported.indexOf("match no booking"));
    expect(shortTable).toContain("Left Early");
    expect(shortTable).toContain("30 minutes");
    expect(shortTable).toContain("Came Early");
    expect(shortTable).toContain("45 minutes");
    expect(imported.slice(imported.indexOf("match no booking"))).toContain("stranger@elsewhere.example");

    const [entry] = (await entriesOf(stayed.user.uid)).results;
    expect(entry).toMatchObject({ source: "event", attendance: "attended-online", hours_hundredths: 150, category: "education", title: workshop.name });
    expect(entry!.confirmed_at).not.toBeNull();
    expect((await certificatesOf(stayed.user.uid)).results).toMatchObject([{ holder_name: "Stayed Throughout", evidence: "attended-online" }]);
    expect((await entriesOf(left.user.uid)).results).toEqual([]);
    expect((await entriesOf(absent.user.uid)).results).toEqual([]);
    expect((await entriesOf(early.user.uid)).results).toEqual([]);
    expect((await certificatesOf(left.user.uid)).results).toEqual([]);

    // The thank-you, with the certificate's link, once however often the report is imported.
    const thanks = (await thanksTo(stayed.user.uid)).results;
    expect(thanks).toMatchObject([{ subject: `Thank you for attending ${workshop.name}: your CPD certificate` }]);
    const text = await (await SELF.fetch(`http://localhost/dev/mailbox/${thanks[0]!.id}/text`)).text();
    const certificate = (await certificatesOf(stayed.user.uid)).results[0]!;
    expect(text).toContain(`/user/cpd/certificates/${certificate.id}`);
    expect(text).toMatch(/Your certificate \(CPD-\d{6}\)/);
    expect(text).toContain("CPD hours: 1.5");
    expect((await thanksTo(left.user.uid)).results).toEqual([]);

    const again = await previewAndImport(staff, workshop, csv);
    expect(again).toContain("CPD already credited");
    expect((await entriesOf(stayed.user.uid)).results).toHaveLength(1);
    expect((await thanksTo(stayed.user.uid)).results).toHaveLength(1);

    // Someone the report missed is marked by hand, and credited.
    const marked = await staff.post(`/staff/events/${workshop.id}/attendance/mark`, { attendeeId: absent.attendee });
    expect(marked.status).toBe(200);
    expect(await marked.text()).toContain("Marked attended: Never Came");
    expect((await entriesOf(absent.user.uid)).results).toMatchObject([{ source: "event", attendance: "attended-online" }]);
  });

  it("a kept preview is imported once, and refused once expired or once the event's times changed, recording nothing", async () => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
    const startsAt = new Date(Date.now() - 3 * 3600_000);
    startsAt.setUTCSeconds(0, 0);
    const created = await asEditor("POST", "/api/events?status=published", {
      name: `Preview webinar ${stamp}`,
      slug: `preview-webinar-${stamp}`,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString(),
      format: "online",
      state: "scheduled",
      minimumAttendancePercent: 50,
      ticketTypes: [{ code: "place", name: "Place", price: 0, vatTreatment: "exempt", audience: "signed_in" }],
    });
    expect(created.status).toBe(201);
    const { documentId } = ((await created.json()) as { data: { documentId: string } }).data;
    made.push(documentId);
    await clearContentCache();
    await readEvents();
    const webinar = events.find((e) => e.id === documentId)!;
    const member = await bookedMember(webinar, "Kept Preview");
    const staff = await signedInStaff();
    const csv = `Email,Join time,Leave time\n${member.user.email},${zoomTime(webinar, 0)},${zoomTime(webinar, 40)}\n`;
    const problemsOf = (html: string) => html.slice(html.indexOf("The file cannot be used"), html.indexOf('id="report"'));

    // Expired: a preview is kept for a day.
    const expiring = previewIdIn(await (await uploadReport(staff, webinar, csv)).text())!;
    await env.DB.prepare("UPDATE event_attendance_previews SET expires_at = ?2 WHERE id = ?1").bind(expiring, new Date(Date.now() - 1000).toISOString()).run();
    const expired = await importPreview(staff, webinar, expiring);
    expect(expired.status).toBe(409);
    expect(problemsOf(await expired.text())).toContain("This preview has expired: a preview is kept for a day. Upload the report again to preview it.");
    expect((await entriesOf(member.user.uid)).results).toEqual([]);

    // The event's minimum share changed after the preview (40 minutes was enough for 50%, not for 75%).
    const previewed = previewIdIn(await (await uploadReport(staff, webinar, csv)).text())!;
    expect((await asEditor("PUT", `/api/events/${documentId}?status=published`, { minimumAttendancePercent: 75 })).status).toBe(200);
    await clearContentCache();
    const changed = await importPreview(staff, webinar, previewed);
    expect(changed.status).toBe(409);
    expect(problemsOf(await changed.text())).toContain("its minimum attendance changed since this preview");
    expect((await entriesOf(member.user.uid)).results).toEqual([]);
    expect((await env.DB.prepare("SELECT attended_at FROM event_attendees WHERE id = ?1").bind(member.attendee).first<{ attended_at: string | null }>())!.attended_at).toBeNull();

    // Previewed again, it is imported once; the same preview a second time is refused.
    const fresh = await (await uploadReport(staff, webinar, csv)).text();
    expect(fresh).toContain("0 stayed at least 45 minutes");
    const latest = previewIdIn(fresh)!;
    expect((await importPreview(staff, webinar, latest)).status).toBe(200);
    const twice = await importPreview(staff, webinar, latest);
    expect(twice.status).toBe(409);
    expect(problemsOf(await twice.text())).toContain("This preview is no longer kept");

    // Another event's page cannot import it either, and a post without a preview is told to preview first.
    const other = previewIdIn(await (await uploadReport(staff, webinar, csv)).text())!;
    expect((await importPreview(staff, bySlug("online-exercise-workshop"), other)).status).toBe(409);
    const none = await staff.post(`/staff/events/${webinar.id}/attendance/import`, {});
    expect(none.status).toBe(422);
    expect(await none.text()).toContain("Preview the attendance report first");
  });

  it("a bad attendance file is refused with the reason beside the field, and nothing is recorded", async () => {
    const workshop = bySlug("online-exercise-workshop");
    const member = await bookedMember(workshop, "Bad File Member");
    const staff = await signedInStaff();
    const missingColumn = await uploadReport(staff, workshop, `Email,Join time\n${member.user.email},${zoomTime(workshop, 0)}\n`);
    expect(missingColumn.status).toBe(422);
    const page = await missingColumn.text();
    expect(page).toContain("The file cannot be used. Nothing has been recorded.");
    expect(page).toContain("no column for a leave time");
    expect(page).toContain('aria-invalid="true"');
    const badTime = await (await uploadReport(staff, workshop, `Email,Join time,Leave time\n${member.user.email},soon,${zoomTime(workshop, 90)}\n`)).text();
    expect(badTime).toContain("Line 2: the join time “soon” is not a date and time");
    expect((await entriesOf(member.user.uid)).results).toEqual([]);

    // An in-person event's attendance is its check-in.
    const conference = bySlug("annual-conference");
    const inPerson = await uploadReport(staff, conference, `Email,Join time,Leave time\n${member.user.email},${zoomTime(workshop, 0)},${zoomTime(workshop, 90)}\n`);
    expect(inPerson.status).toBe(409);
    expect(await inPerson.text()).toContain("check attendees in at the door");
  });
});

describe("attendance at the door", () => {
  it("the CPD certificate for an attendee and none for a no-show", async () => {
    const conference = bySlug("annual-conference");
    const attendee = await bookedMember(conference, "Ada Attendee");
    const noShow = await bookedMember(conference, "Nora Noshow");
    const staff = await signedInStaff();
    expect((await staff.post(`/staff/events/${conference.id}/check-in`, { code: `guildhall-ticket:${attendee.attendee}` })).status).toBe(200);

    const log = await (await attendee.browser.fetch(`/user/cpd?year=${conference.startsAt.slice(0, 4)}`)).text();
    expect(log).toContain(conference.name);
    expect(log).toContain("Attendance verified by the society");
    const certificateId = /\/user\/cpd\/certificates\/([A-Za-z0-9_-]+)/.exec(log)![1]!;
    const printed = await (await attendee.browser.fetch(`/user/cpd/certificates/${certificateId}`)).text();
    expect(printed).toContain("Ada Attendee");
    expect(printed).toContain("attended the event");
    expect(printed).toContain("12 hours");

    const check = await (await new TestBrowser().fetch(`/certificates/${certificateId}`)).text();
    expect(check).toContain('data-certificate-status="valid"');
    expect(check).toContain("Attendance verified by the society");
    expect(check).toContain(conference.name);
    const day = new Date(conference.startsAt).toLocaleDateString("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" });
    expect(check).toContain(day);

    // The no-show booked and paid, but nothing was checked in: no entry, no certificate, no e-mail.
    expect((await entriesOf(noShow.user.uid)).results).toEqual([]);
    expect((await certificatesOf(noShow.user.uid)).results).toEqual([]);
    expect((await thanksTo(noShow.user.uid)).results).toEqual([]);
    expect(await (await noShow.browser.fetch(`/user/cpd?year=${conference.startsAt.slice(0, 4)}`)).text()).not.toContain(conference.name);

    // The member's own learning stays possible, labelled as their own declaration.
    expect(
      (await attendee.browser.post("/user/cpd/new", { activityDate: new Date().toISOString().slice(0, 10), title: "Reading on tendinopathy", provider: "Journal", hours: "2", category: "clinical", reflection: "Read and summarised.", evidenceUrl: "" }))
        .status,
    ).toBe(303);
    const own = await (await attendee.browser.fetch("/user/cpd")).text();
    expect(own).toContain("Reading on tendinopathy");
    expect(own).toMatch(/data-entry-status="manual">Self-declared</);
  });

  it("check-in credits CPD once, however often the ticket is presented", async () => {
    const course = bySlug("manual-therapy-course");
    const member = await bookedMember(course, "Once Only");
    const staff = await signedInStaff();
    expect((await staff.post(`/staff/events/${course.id}/check-in`, { attendeeId: member.attendee })).status).toBe(200);
    expect((await staff.post(`/staff/events/${course.id}/check-in`, { attendeeId: member.attendee })).status).toBe(409);
    expect((await staff.post(`/staff/events/${course.id}/check-in`, { code: member.attendee })).status).toBe(409);
    expect((await entriesOf(member.user.uid)).results).toMatchObject([{ source: "event", attendance: "checked-in", hours_hundredths: 600 }]);
    expect((await certificatesOf(member.user.uid)).results).toHaveLength(1);
    expect((await thanksTo(member.user.uid)).results).toHaveLength(1);
  });
});
