// The demo's events state for `npm run dev`: the Manual Therapy Skills Course (two places in the
// CMS seed) sold out to two paid bookings, with three people on its waiting list, so the sold-out
// page, the waiting list and the staff attendee list have something to show. Bookings name the
// event by the CMS's id, read here with the same GraphQL shape the site reads
// (src/adapters/cms/operations/events.ts). Fixed ids and INSERT OR IGNORE: run at every start,
// it changes nothing once seeded. If the CMS cannot say (or has no such course), nothing is seeded:
// the demo must never stop `npm run dev`.

const COURSE = "manual-therapy-course";
const PAST = "2000-01-01T00:00:00.000Z";
const BOOKED = [
  { n: 1, name: "Grace Hopper", email: "grace.hopper@members.example" },
  { n: 2, name: "Alan Turing", email: "alan.turing@members.example" },
];
const WAITING = ["rosalind.franklin", "dorothy.hodgkin", "barbara.mcclintock"];

const q = (value) => (value === null ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`);

/** @param {{ cmsUrl: string, token: string }} cms @returns {Promise<string | null>} */
export async function demoEventsSql({ cmsUrl, token }) {
  const course = await courseFromCms(cmsUrl, token).catch(() => null);
  if (!course) return null;
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
  return statements.join(";\n");
}

async function courseFromCms(cmsUrl, token) {
  const query = `query { events_connection(filters: { slug: { eq: "${COURSE}" } }) { data { id attributes { capacity } } } }`;
  const response = await fetch(`${cmsUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = await response.json();
  const found = body?.data?.events_connection?.data?.[0];
  return found ? { id: String(found.id), capacity: found.attributes?.capacity ?? null } : null;
}
