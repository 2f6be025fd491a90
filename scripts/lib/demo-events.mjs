// The demo's events state for `npm run dev`: the Manual Therapy Skills Course (two places in the
// CMS seed) sold out to two paid bookings, with three people on its waiting list, so the sold-out
// page, the waiting list and the staff attendee list have something to show. The past online
// workshop has its attendance: the demo member stayed (as an imported attendance report would
// record it) and so has the workshop's CPD entry, confirmed by the society, with its certificate;
// another booked attendee never came and has nothing (staff can mark them by hand at
// /staff/events/{id}/attendance). Bookings name the event by the CMS's id, read here with the
// same GraphQL shape the site reads (src/adapters/cms/operations/events.ts). Fixed ids and
// INSERT OR IGNORE: run at every start, it changes nothing once seeded (a printed demo
// certificate keeps verifying). If the CMS cannot say (or has no such event), that event's part
// is not seeded: the demo must never stop `npm run dev`.
import { randomBytes } from "node:crypto";

const COURSE = "manual-therapy-course";
const WORKSHOP = "online-exercise-workshop";
const PROVIDER = "The Guild of Example Physiotherapists";
const PAST = "2000-01-01T00:00:00.000Z";
const BOOKED = [
  { n: 1, name: "Grace Hopper", email: "grace.hopper@members.example" },
  { n: 2, name: "Alan Turing", email: "alan.turing@members.example" },
];
const WAITING = ["rosalind.franklin", "dorothy.hodgkin", "barbara.mcclintock"];

const q = (value) => (value === null ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`);

/**
 * @param {{ cmsUrl: string, token: string, member: { uid: string, email: string, name: string } }} options
 * @returns {Promise<string | null>}
 */
export async function demoEventsSql({ cmsUrl, token, member }) {
  const events = await eventsFromCms(cmsUrl, token).catch(() => null);
  if (!events) return null;
  const statements = [...courseSql(events.get(COURSE)), ...workshopSql(events.get(WORKSHOP), member)];
  return statements.length > 0 ? statements.join(";\n") : null;
}

function courseSql(course) {
  if (!course) return [];
  const capacity = course.capacity ?? BOOKED.length;
  const statements = [];
  for (const buyer of BOOKED.slice(0, capacity)) {
    const booking = `demo-course-booking-${buyer.n}`;
    const userId = `demo-course-buyer-${buyer.n}`;
    statements.push(
      `INSERT OR IGNORE INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, event_capacity, ticket_capacity, status, hold_expires_at)
       VALUES (${[booking, course.id, COURSE, userId, "place", "Manual Therapy Skills Course: Place", 1, 12000, 12000, "exempt", 1, course.capacity, null, "confirmed", PAST].map(q).join(", ")})`,
      `INSERT OR IGNORE INTO event_attendees (id, booking_id, event_id, ticket_code, counts_for_event, name, email, status, hold_expires_at, qr_token)
       VALUES (${[`demo-course-attendee-${buyer.n}`, booking, course.id, "place", 1, buyer.name, buyer.email, "confirmed", PAST, `demo-course-ticket-${buyer.n}`].map(q).join(", ")})`,
    );
  }
  WAITING.forEach((who, i) => {
    statements.push(
      `INSERT OR IGNORE INTO event_waitlist (id, event_id, user_id, email, status, created_at)
       VALUES (${[`demo-course-waiting-${i + 1}`, course.id, `demo-course-waiting-${i + 1}`, `${who}@members.example`, "waiting", `2026-01-0${i + 1}T09:00:00.000Z`].map(q).join(", ")})`,
    );
  });
  return statements;
}

/** The workshop's two places: the demo member's, attended and credited; someone else's, never attended. */
function workshopSql(workshop, member) {
  if (!workshop || workshop.cpdHours === null) return [];
  const hundredths = Math.round(workshop.cpdHours * 100);
  const day = new Date(workshop.startsAt).toLocaleDateString("en-CA", { timeZone: "Europe/London" });
  const attendedAt = new Date(Date.parse(workshop.startsAt) + 90 * 60_000).toISOString();
  const place = (n, userId, name, email, attended) => [
    `INSERT OR IGNORE INTO event_bookings (id, event_id, event_slug, user_id, ticket_code, title, places, unit_pence, total_pence, vat_treatment, counts_for_event, event_capacity, ticket_capacity, status, hold_expires_at)
     VALUES (${[`demo-workshop-booking-${n}`, workshop.id, WORKSHOP, userId, "place", `${workshop.name}: Place`, 1, 0, 0, "exempt", 1, workshop.capacity, null, "confirmed", PAST].map(q).join(", ")})`,
    `INSERT OR IGNORE INTO event_attendees (id, booking_id, event_id, ticket_code, counts_for_event, name, email, status, hold_expires_at, qr_token, attended_at, attended_minutes, attended_by)
     VALUES (${[`demo-workshop-attendee-${n}`, `demo-workshop-booking-${n}`, workshop.id, "place", 1, name, email, "confirmed", PAST, `demo-workshop-ticket-${n}`, attended ? attendedAt : null, attended ? 86 : null, attended ? "staff@guildhall.example" : null].map(q).join(", ")})`,
  ];
  const certificateId = randomBytes(16).toString("base64url");
  return [
    ...place(1, member.uid, member.name, member.email, true),
    ...place(2, "demo-workshop-buyer-2", "Ada Lovelace", "ada.lovelace@members.example", false),
    `INSERT OR IGNORE INTO cpd_entries (id, user_id, source, event_attendee_id, activity_date, title, provider, hours_hundredths, category, confirmed_at, attendance)
     VALUES (${["demo-cpd-workshop", member.uid, "event", "demo-workshop-attendee-1", day, workshop.name, PROVIDER, hundredths, workshop.cpdCategory ?? "other", attendedAt, "attended-online"].map(q).join(", ")})`,
    `INSERT OR IGNORE INTO cpd_certificates (id, number, entry_id, user_id, holder_name, activity, activity_date, hours_hundredths, evidence)
     SELECT ${q(certificateId)}, COALESCE((SELECT MAX(number) FROM cpd_certificates), 0) + 1, id, user_id, ${q(member.name)}, title, activity_date, hours_hundredths, attendance
     FROM cpd_entries WHERE id = 'demo-cpd-workshop' AND user_id = ${q(member.uid)}`,
  ];
}

/** The demo's events by slug, as the CMS has them; null when it cannot say. */
async function eventsFromCms(cmsUrl, token) {
  const query = `query { events_connection(filters: { slug: { in: ["${COURSE}", "${WORKSHOP}"] } }) { data { attributes { documentId slug name capacity startsAt cpdHours cpdCategory } } } }`;
  const response = await fetch(`${cmsUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = await response.json();
  const found = body?.data?.events_connection?.data;
  if (!Array.isArray(found)) return null;
  return new Map(
    found.map((e) => [
      e.attributes.slug,
      { id: e.attributes.documentId, name: e.attributes.name, capacity: e.attributes.capacity ?? null, startsAt: e.attributes.startsAt, cpdHours: e.attributes.cpdHours ?? null, cpdCategory: e.attributes.cpdCategory ?? null },
    ]),
  );
}
