/**
 * A realistic demo society for local use and the scale benchmark: `members` membership records
 * with three years of history up to `today`, written as SQL for D1 in set-based multi-row INSERTs.
 * Deterministic for a seed and a day: the same options give the same rows.
 *
 * Six in ten records are older members (joined up to ten years before the three years, numbered
 * first); the rest join through the three years in member-number order. Each year a member renews
 * or stops: a card member's renewal is a Stripe invoice on the same join application, an offline
 * member's is a renewal application paid by bank transfer. A member who stops is in grace for 30
 * days, then lapsed (or cancelled). Recent offline applicants are still awaiting payment. Every
 * payment in the three years has its receipt (items with their VAT split, gap-free numbers per
 * year in the order issued), card payments have Stripe's fee; a few are refunded with a credit
 * note. A third of members buy webinars (orders, entitlements, receipts); some keep a CPD log;
 * a third of the active members are in the directory (towns, specialisations). Renewal reminders
 * already due before `today`'s run are in the outbox as sent, so the daily job on `today` does an
 * ordinary day's work.
 *
 * Invariants kept (migrations/ and src/adapters/d1/): every payment joins its application or
 * order; receipt and credit-note numbers are `GH-YYYY-NNNNNN` / `CN-YYYY-NNNNNN`, gap-free per
 * year after any already issued; member numbers are unique (set here, so the number triggers do
 * not run); `listed_until` is kept by the directory triggers from the records inserted first.
 *
 * Use: `demoSocietySql(options)` yields the statements in order (a few hundred rows each, well
 * under D1's 100 KB statement length).
 */

export const DEMO_SOCIETY_USER_PREFIX = "demo-society-";
const DAY = 86_400_000;
const CHUNK = 50;

const MEMBERSHIPS = [
  { slug: "full-member", title: "Full member", pence: 19_500, joiningFeePence: 2_500, treatment: "standard", rate: 2000 },
  { slug: "associate", title: "Associate member", pence: 9_500, joiningFeePence: 1_500, treatment: "exempt", rate: null },
];
const WEBINARS = [
  { id: "managing-persistent-low-back-pain", title: "Managing Persistent Low Back Pain", pence: 4_500, treatment: "standard", rate: 2000 },
  { id: "live-qa-returning-to-running", title: "Live Q&A: Returning to Running", pence: 2_500, treatment: "standard", rate: 2000 },
  { id: "pelvic-health-essentials", title: "Pelvic Health Essentials", pence: 6_000, treatment: "zero", rate: 0 },
  { id: "introduction-to-clinical-reasoning", title: "Introduction to Clinical Reasoning", pence: 3_500, treatment: "reduced", rate: 500 },
  { id: "exercise-prescription-for-older-adults", title: "Exercise Prescription for Older Adults", pence: 4_000, treatment: "standard", rate: 2000 },
  { id: "ethics-and-professional-boundaries", title: "Ethics and Professional Boundaries", pence: 3_000, treatment: "exempt", rate: null },
];
const GIVEN = ["Amelia", "Oliver", "Isla", "George", "Ava", "Noah", "Mia", "Arthur", "Grace", "Leo", "Freya", "Harry", "Lily", "Oscar", "Ella", "Jack", "Sophie", "Charlie", "Ivy", "Thomas", "Priya", "Mohammed", "Aisha", "Wei", "Siobhan", "Rhys", "Niamh", "Tomasz", "Chiara", "Kwame"];
const FAMILY = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Robinson", "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson", "Clarke", "Khan", "Lewis", "Harris", "Murphy", "Kaur", "Nowak", "O'Neill", "Okafor", "Rossi"];
const TOWNS = [
  ["Bristol", "BS"], ["Leeds", "LS"], ["Manchester", "M"], ["Norwich", "NR"], ["Exeter", "EX"], ["York", "YO"], ["Cardiff", "CF"], ["Glasgow", "G"],
  ["Edinburgh", "EH"], ["Belfast", "BT"], ["Brighton", "BN"], ["Nottingham", "NG"], ["Sheffield", "S"], ["Oxford", "OX"], ["Cambridge", "CB"], ["Bath", "BA"],
  ["Plymouth", "PL"], ["Derby", "DE"], ["Leicester", "LE"], ["Newcastle upon Tyne", "NE"], ["Aberdeen", "AB"], ["Swansea", "SA"], ["Lincoln", "LN"], ["Durham", "DH"],
];
const STREETS = ["High Street", "Station Road", "Church Lane", "Mill Road", "Park Avenue", "Victoria Road", "Queen Street", "The Green", "Kings Road", "Orchard Close"];
const SPECIALISATIONS = ["Musculoskeletal", "Neurology", "Respiratory", "Paediatrics", "Sports and exercise", "Pelvic health", "Older people", "Cardiac rehabilitation", "Pain management", "Occupational health"];
const WORKPLACES = ["Clinic", "Physiotherapy Centre", "Community Hospital", "Sports Injury Clinic", "Health Centre"];
const CPD_COURSES = [
  ["Safeguarding adults, level 2", "County Health Education", "professional"],
  ["Manual therapy refresher", "Northern Therapy School", "clinical"],
  ["Leading a small team", "Healthcare Leadership Network", "management"],
  ["Running injuries: a case review", "Regional Sports Medicine Group", "clinical"],
  ["Record keeping and consent", "The Guild of Example Physiotherapists", "professional"],
];
const REFUND_REASONS = ["Paid twice by mistake", "Could not attend", "Goodwill refund", "Joined the wrong membership"];
const STAFF = "staff@guildhall.example";

/** A small, fast, seeded generator (mulberry32): the same seed gives the same society. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const q = (value) => (value === null || value === undefined ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
const day = (ms) => new Date(ms).toISOString().slice(0, 10);
const instant = (ms) => new Date(ms).toISOString();
/** The same day `years` later (29 February becomes 1 March, as Date does). */
const addYears = (ms, years) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate());
};
/** VAT included in a gross amount, rounded half up (src/shared/pricing/vat.ts). */
const split = (grossPence, treatment, rate) => {
  const vatPence = rate ? Math.floor((grossPence * rate + (10_000 + rate) / 2) / (10_000 + rate)) : 0;
  return { treatment, rateBasisPoints: rate, netPence: grossPence - vatPence, vatPence };
};

function insert(table, columns, rows) {
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${rows.map((row) => `(${row.map(q).join(", ")})`).join(",\n")}`;
}

const STAGING = [
  `CREATE TABLE IF NOT EXISTS demo_society_receipts (year INTEGER, issued_at TEXT, source TEXT, payment_id TEXT, application_id TEXT, order_id TEXT, user_id TEXT,
     payer_name TEXT, payer_email TEXT, items TEXT, total_pence INTEGER, net_pence INTEGER, vat_pence INTEGER, method TEXT, paid_on TEXT, payment_reference TEXT)`,
  `CREATE TABLE IF NOT EXISTS demo_society_credit_notes (year INTEGER, issued_at TEXT, refund_id TEXT, source TEXT, payment_id TEXT, application_id TEXT, order_id TEXT,
     user_id TEXT, payer_name TEXT, payer_email TEXT, description TEXT, reason TEXT, total_pence INTEGER, method TEXT, refunded_on TEXT, net_pence INTEGER, vat_pence INTEGER, lines TEXT)`,
];

/**
 * Numbers the staged receipts and credit notes as issuing does: per year, in the order issued,
 * after any number already issued that year (so a series stays gap-free), then drops the staging.
 */
const NUMBERING = [
  `INSERT INTO receipts (number, year, seq, source, payment_id, application_id, order_id, user_id, payer_name, payer_email, items, total_pence, net_pence, vat_pence, method, paid_on, payment_reference, issued_at)
   SELECT printf('GH-%04d-%06d', year, seq), year, seq, source, payment_id, application_id, order_id, user_id, payer_name, payer_email, items, total_pence, net_pence, vat_pence, method, paid_on, payment_reference, issued_at
   FROM (SELECT s.*, COALESCE((SELECT MAX(r.seq) FROM receipts r WHERE r.year = s.year), 0) + ROW_NUMBER() OVER (PARTITION BY s.year ORDER BY s.issued_at, s.payment_id) AS seq
         FROM demo_society_receipts s)`,
  `INSERT INTO credit_notes (number, year, seq, refund_id, source, payment_id, receipt_number, application_id, order_id, user_id, payer_name, payer_email, description, reason, total_pence, method, refunded_on, issued_at, net_pence, vat_pence, lines)
   SELECT printf('CN-%04d-%06d', year, seq), year, seq, refund_id, source, payment_id,
          (SELECT r.number FROM receipts r WHERE r.source = c.source AND r.payment_id = c.payment_id), application_id, order_id, user_id, payer_name, payer_email, description, reason, total_pence, method, refunded_on, issued_at, net_pence, vat_pence, lines
   FROM (SELECT s.*, COALESCE((SELECT MAX(n.seq) FROM credit_notes n WHERE n.year = s.year), 0) + ROW_NUMBER() OVER (PARTITION BY s.year ORDER BY s.issued_at, s.refund_id) AS seq
         FROM demo_society_credit_notes s) c`,
  "DROP TABLE demo_society_receipts",
  "DROP TABLE demo_society_credit_notes",
];

/**
 * @param {{ members: number, seed?: number, today?: string, firstMemberNumber?: number }} options
 *   `today` (YYYY-MM-DD, default the current day) is the day the history ends: the daily job's
 *   run at 03:17 that day finds an ordinary day's work. Member numbers start after `firstMemberNumber`.
 * @returns {Generator<string>} the SQL statements, in order
 */
export function* demoSocietySql({ members, seed = 1, today = day(Date.now()), firstMemberNumber = 1_000 }) {
  if (!Number.isInteger(members) || members < 1) throw new RangeError(`members must be a positive whole number (got ${members})`);
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  if (Number.isNaN(todayMs)) throw new RangeError(`today must be a day as YYYY-MM-DD (got ${today})`);
  // The last daily run before today's: reminders and lapses due by then have been done.
  const lastRun = todayMs - DAY + (3 * 60 + 17) * 60_000;
  const windowStart = addYears(todayMs, -3);
  const older = Math.floor(members * 0.6);
  yield* STAGING;
  for (let from = 0; from < members; from += CHUNK) {
    const rows = emptyRows();
    for (let i = from; i < Math.min(members, from + CHUNK); i++) {
      member(rows, { i, seed, members, older, todayMs, lastRun, windowStart, number: firstMemberNumber + i + 1 });
    }
    for (const [table, { columns, values }] of Object.entries(rows)) if (values.length) yield insert(table, columns, values);
  }
  yield* NUMBERING;
  yield* newsletters(lastRun);
}

/**
 * Talking to members: two in five members chose the newsletter (as the old records said); one
 * newsletter was sent to them a week before `today` and is in the public archive, and the next is
 * a draft. The bodies are written as the message markup's parser would build them.
 */
function* newsletters(lastRun) {
  const sentAt = instant(lastRun - 7 * DAY);
  const inDemo = (column = "user_id") => `${column} >= '${DEMO_SOCIETY_USER_PREFIX}' AND ${column} < '${DEMO_SOCIETY_USER_PREFIX}~'`;
  yield `INSERT INTO member_consents (user_id, topic, consented, given_at, given_via)
    SELECT user_id, 'newsletter', 1, updated_at, 'import' FROM memberships WHERE ${inDemo()} AND member_number % 5 < 2 AND true
    ON CONFLICT (user_id, topic) DO NOTHING`;
  const sent = {
    id: "demo-newsletter-autumn",
    subject: "Autumn newsletter: study days and the new CPD year",
    preheader: "Three study days, the journal's new editor, and your CPD log",
    body: "# Autumn at the Guild\n\nThree study days are open for booking, and the **Guild Journal** has a new editor.\n\n- Pelvic health, Leeds\n- Running injuries, Bristol\n- Clinical reasoning, online\n\n[[See the webinars]](/webinars)",
    html: '<h2 style="font-size:22px;margin:24px 0 8px">Autumn at the Guild</h2>\n<p style="margin:0 0 16px;line-height:1.5">Three study days are open for booking, and the <strong>Guild Journal</strong> has a new editor.</p>\n<ul style="margin:0 0 16px;padding-left:24px"><li style="line-height:1.5">Pelvic health, Leeds</li><li style="line-height:1.5">Running injuries, Bristol</li><li style="line-height:1.5">Clinical reasoning, online</li></ul>\n<p style="margin:24px 0"><a href="http://localhost:8787/webinars" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">See the webinars</a></p>',
    text: "Autumn at the Guild\n===================\n\nThree study days are open for booking, and the Guild Journal has a new\neditor.\n\n- Pelvic health, Leeds\n- Running injuries, Bristol\n- Clinical reasoning, online\n\nSee the webinars: http://localhost:8787/webinars",
  };
  yield `INSERT INTO member_messages (id, subject, preheader, body, body_html, body_text, topic, audience, status, created_by, sent_by, started_at, finished_at, published_at, created_at, updated_at)
    VALUES (${q(sent.id)}, ${q(sent.subject)}, ${q(sent.preheader)}, ${q(sent.body)}, ${q(sent.html)}, ${q(sent.text)},
      'newsletter', '{"membershipTypes":[],"states":["active"],"lapsedWithinMonths":null,"noCpdThisYear":false}', 'sent', 'staff@guildhall.example', 'staff@guildhall.example', ${q(sentAt)}, ${q(sentAt)}, ${q(sentAt)}, ${q(sentAt)}, ${q(sentAt)})`;
  yield `INSERT INTO member_message_recipients (message_id, user_id, email, outbox_id, created_at)
    SELECT ${q(sent.id)}, m.user_id, lower(m.email), 'demo-nl-' || m.user_id, ${q(sentAt)} FROM member_consents AS c JOIN memberships AS m ON m.user_id = c.user_id
    WHERE c.topic = 'newsletter' AND c.consented = 1 AND m.status = 'active' AND ${inDemo("c.user_id")}`;
  yield `INSERT INTO email_outbox (id, dedupe_key, kind, category, recipient, user_id, subject, data, status, attempts, next_attempt_at, message_id, sent_at, created_at, updated_at)
    SELECT outbox_id, 'member-message:' || message_id || ':' || user_id, 'member-message', 'newsletter', email, user_id, ${q(sent.subject)}, json_object('messageId', message_id), 'sent', 1, created_at, 'demo-' || outbox_id, created_at, created_at, created_at
    FROM member_message_recipients WHERE message_id = ${q(sent.id)}`;
  yield `UPDATE member_messages SET recipients = (SELECT COUNT(*) FROM member_message_recipients WHERE message_id = ${q(sent.id)}) WHERE id = ${q(sent.id)}`;
  const draft = {
    body: "# The AGM\n\nNominations for the council close on 31 January.\n\n[[Read about the AGM]](/about/governance)",
    html: '<h2 style="font-size:22px;margin:24px 0 8px">The AGM</h2>\n<p style="margin:0 0 16px;line-height:1.5">Nominations for the council close on 31 January.</p>\n<p style="margin:24px 0"><a href="http://localhost:8787/about/governance" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">Read about the AGM</a></p>',
    text: "The AGM\n=======\n\nNominations for the council close on 31 January.\n\nRead about the AGM: http://localhost:8787/about/governance",
  };
  yield `INSERT INTO member_messages (id, subject, preheader, body, body_html, body_text, topic, audience, status, created_by, created_at, updated_at)
    VALUES ('demo-newsletter-winter', 'Winter newsletter', 'The AGM, and renewing for next year', ${q(draft.body)}, ${q(draft.html)}, ${q(draft.text)},
      'newsletter', '{}', 'draft', 'staff@guildhall.example', ${q(instant(lastRun))}, ${q(instant(lastRun))})`;
}

function emptyRows() {
  const table = (...columns) => ({ columns, values: [] });
  // Order matters: applications before memberships (reference), memberships before directory
  // entries (listed_until is worked out from the record by the insert trigger).
  return {
    applications: table("id", "idempotency_key", "reference", "user_id", "email", "given_name", "family_name", "membership_slug", "membership_title", "payment_method", "amount_due_pence", "status", "details", "kind", "vat_treatment", "joining_fee_pence", "created_at", "updated_at"),
    memberships: table("user_id", "email", "application_id", "membership_slug", "membership_title", "status", "payment_method", "period_start", "period_end", "member_number", "stripe_customer_id", "stripe_subscription_id", "updated_at"),
    payments: table("id", "application_id", "user_id", "method", "amount_pence", "received_on", "reference", "recorded_by", "created_at"),
    payment_fees: table("source", "payment_id", "fee_pence", "balance_transaction_id", "recorded_at"),
    orders: table("id", "idempotency_key", "reference", "user_id", "email", "payment_method", "total_pence", "status", "lines", "webinar_ids", "cancelled_reason", "created_at", "updated_at"),
    order_payments: table("id", "order_id", "method", "amount_pence", "received_on", "reference", "recorded_by", "created_at"),
    entitlements: table("user_id", "webinar_id", "order_id", "granted_at"),
    refunds: table("id", "source", "payment_id", "application_id", "order_id", "user_id", "method", "amount_pence", "reason", "refunded_on", "recorded_by", "created_at"),
    demo_society_receipts: table("year", "issued_at", "source", "payment_id", "application_id", "order_id", "user_id", "payer_name", "payer_email", "items", "total_pence", "net_pence", "vat_pence", "method", "paid_on", "payment_reference"),
    demo_society_credit_notes: table("year", "issued_at", "refund_id", "source", "payment_id", "application_id", "order_id", "user_id", "payer_name", "payer_email", "description", "reason", "total_pence", "method", "refunded_on", "net_pence", "vat_pence", "lines"),
    cpd_entries: table("id", "user_id", "source", "webinar_slug", "activity_date", "title", "provider", "hours_hundredths", "category", "reflection", "confirmed_at", "attendance", "created_at", "updated_at"),
    directory_entries: table("user_id", "display_name", "town", "workplace", "specialisation", "email", "phone", "show_town", "show_workplace", "show_specialisation", "show_email", "show_phone", "updated_at"),
    email_outbox: table("id", "dedupe_key", "kind", "category", "recipient", "user_id", "subject", "data", "status", "attempts", "next_attempt_at", "message_id", "sent_at", "created_at", "updated_at"),
  };
}

/** One member's record and history, appended to `rows`. */
function member(rows, { i, seed, members, older, todayMs, lastRun, windowStart, number }) {
  const rand = random(seed * 1_000_003 + i);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const id = String(i + 1).padStart(7, "0");
  const userId = `${DEMO_SOCIETY_USER_PREFIX}${id}`;
  const given = pick(GIVEN);
  const family = pick(FAMILY);
  const name = `${given} ${family}`;
  const email = `${given}.${family}.${id}@members.example`.toLowerCase().replaceAll("'", "");
  const type = rand() < 0.75 ? MEMBERSHIPS[0] : MEMBERSHIPS[1];
  const method = rand() < 0.55 ? "card" : "offline";
  const [town, area] = pick(TOWNS);
  const specialisation = pick(SPECIALISATIONS);
  const workplace = `${town} ${pick(WORKPLACES)}`;
  const phone = `0${1_000 + Math.floor(rand() * 8_999)} ${100_000 + Math.floor(rand() * 899_999)}`;
  // Member numbers follow joining: older members over the ten years before the window, then the window's joiners.
  const joinMs =
    i < older
      ? windowStart - Math.floor(((older - i) / older) * 3_650) * DAY - Math.floor(rand() * 3) * DAY
      : windowStart + Math.floor(((i - older) / Math.max(1, members - older)) * 1_095) * DAY;
  const joinAt = joinMs + Math.floor(rand() * 10 * 3_600_000) + 8 * 3_600_000;
  const details = JSON.stringify({
    phone,
    address: { line1: `${1 + Math.floor(rand() * 180)} ${pick(STREETS)}`, line2: null, town, region: null, postcode: `${area}${1 + Math.floor(rand() * 20)} ${1 + Math.floor(rand() * 9)}${"ABDEFGHJLNPQRSTUWXYZ"[Math.floor(rand() * 20)]}${"ABDEFGHJLNPQRSTUWXYZ"[Math.floor(rand() * 20)]}`, country: "United Kingdom", countryCode: "GB" },
    professional: { registrationNumber: `PH${String(100_000 + i).slice(-6)}`, specialisation, workplace, yearQualified: 1985 + Math.floor(rand() * 38), placeOfStudy: null },
    declaration: { termsAcceptedAt: instant(joinAt), privacyAcceptedAt: instant(joinAt) },
  });
  const joinId = `demo-app-${id}`;
  const reference = `GH-D${id}`;
  const receipt = (source, paymentId, ref, { applicationId = null, orderId = null }, items, method, paidOnMs) => {
    const total = items.reduce((sum, item) => sum + item.pence, 0);
    const net = items.reduce((sum, item) => sum + item.vat.netPence, 0);
    rows.demo_society_receipts.values.push([
      new Date(paidOnMs).getUTCFullYear(), instant(paidOnMs + 3_600_000), source, paymentId, applicationId, orderId, userId, name, email,
      JSON.stringify(items), total, net, total - net, method, day(paidOnMs), ref,
    ]);
  };
  const fee = (source, paymentId, pence, atMs) =>
    rows.payment_fees.values.push([source, paymentId, Math.round(pence * 0.015) + 20, `txn_demo_${paymentId}`, instant(atMs + 7_200_000)]);
  const refund = (source, paymentId, ids, method, pence, description, treatment, rate, atMs) => {
    if (atMs >= todayMs) return;
    const refundId = method === "card" ? `re_demo_${paymentId}` : `demo-refund-${paymentId}`;
    const reason = pick(REFUND_REASONS);
    const vat = split(pence, treatment, rate);
    rows.refunds.values.push([refundId, source, paymentId, ids.applicationId ?? null, ids.orderId ?? null, userId, method, pence, reason, day(atMs), method === "card" ? "stripe" : STAFF, instant(atMs)]);
    rows.demo_society_credit_notes.values.push([
      new Date(atMs).getUTCFullYear(), instant(atMs + 60_000), refundId, source, paymentId, ids.applicationId ?? null, ids.orderId ?? null, userId, name, email, description, reason, pence, method, day(atMs),
      vat.netPence, vat.vatPence, JSON.stringify([{ description, detail: null, split: { ...vat, grossPence: pence } }]),
    ]);
  };
  const membershipItems = (withJoiningFee, startMs) => [
    { description: type.title, detail: `${day(startMs)} to ${day(addYears(startMs, 1))}`, pence: type.pence, vat: split(type.pence, type.treatment, type.rate) },
    ...(withJoiningFee ? [{ description: "Joining fee", detail: null, pence: type.joiningFeePence, vat: split(type.joiningFeePence, type.treatment, type.rate) }] : []),
  ];

  // A recent offline applicant may not have paid yet.
  const awaiting = i >= older && method === "offline" && todayMs - joinMs < 40 * DAY && rand() < 0.35;
  const joinDue = type.pence + type.joiningFeePence;
  rows.applications.values.push([
    joinId, joinId, reference, userId, email, given, family, type.slug, type.title, method, joinDue, awaiting ? "awaiting_payment" : "paid", details, "join", type.treatment, type.joiningFeePence,
    instant(joinAt), instant(awaiting ? joinAt : joinAt + (method === "card" ? 60_000 : Math.max(0, Math.min(5 * DAY, todayMs - DAY - joinMs)))),
  ]);
  if (awaiting) {
    rows.memberships.values.push([userId, email, joinId, type.slug, type.title, "awaiting_payment", method, null, null, null, null, null, instant(joinAt)]);
    return;
  }

  // The join's payment (when in the window), then a year at a time until the member stops or the present.
  const paidJoinMs = method === "card" ? joinMs : Math.max(joinMs, Math.min(joinMs + 5 * DAY, todayMs - DAY));
  if (joinMs >= windowStart) {
    const paymentId = method === "card" ? `in_demo_${id}_0` : `demo-pay-${id}-0`;
    const ref = method === "card" ? paymentId : reference;
    rows.payments.values.push([paymentId, joinId, userId, method, joinDue, day(paidJoinMs), ref, method === "card" ? "stripe" : STAFF, instant(paidJoinMs + 3_600_000)]);
    receipt("membership", paymentId, ref, { applicationId: joinId }, membershipItems(true, paidJoinMs), method, paidJoinMs);
    if (method === "card") fee("membership", paymentId, joinDue, paidJoinMs);
    if (rand() < 0.01) refund("membership", paymentId, { applicationId: joinId }, method, type.joiningFeePence, "Joining fee", type.treatment, type.rate, paidJoinMs + 10 * DAY);
  }
  const stayYear = method === "card" ? 0.93 : 0.86;
  let periodStart = paidJoinMs;
  let year = 1;
  let stopped = false;
  for (; addYears(paidJoinMs, year) <= todayMs; year++) {
    const due = addYears(paidJoinMs, year);
    if (rand() >= stayYear) {
      stopped = true;
      break;
    }
    periodStart = due;
    if (due < windowStart) continue;
    const paidMs = method === "card" ? due : due - Math.floor(rand() * 20) * DAY;
    const paymentId = method === "card" ? `in_demo_${id}_${year}` : `demo-pay-${id}-${year}`;
    let applicationId = joinId;
    let ref = paymentId;
    if (method === "offline") {
      applicationId = `demo-renewal-${id}-${year}`;
      ref = `GH-R${id}${year}`;
      rows.applications.values.push([
        applicationId, applicationId, ref, userId, email, given, family, type.slug, type.title, "offline", type.pence, "paid", "{}", "renewal", type.treatment, null,
        instant(due - 30 * DAY + 4 * 3_600_000), instant(paidMs + 3_600_000),
      ]);
    }
    rows.payments.values.push([paymentId, applicationId, userId, method, type.pence, day(paidMs), ref, method === "card" ? "stripe" : STAFF, instant(paidMs + 3_600_000)]);
    receipt("membership", paymentId, ref, { applicationId }, membershipItems(false, due), method, paidMs);
    if (method === "card") fee("membership", paymentId, type.pence, paidMs);
    if (rand() < 0.005) refund("membership", paymentId, { applicationId }, method, type.pence, type.title, type.treatment, type.rate, paidMs + 20 * DAY);
  }
  const periodEnd = addYears(periodStart, 1);
  // Still active until the end of grace (the run after it lapses the record); a stopped card member may have cancelled.
  const lapsedAt = periodEnd + 30 * DAY;
  const status = !stopped && periodEnd > todayMs ? "active" : lapsedAt > lastRun ? "active" : method === "card" && rand() < 0.3 ? "cancelled" : "lapsed";
  const updatedAt = status === "active" ? periodStart + 3_600_000 : status === "lapsed" ? lapsedAt + 3 * 3_600_000 : periodEnd - 10 * DAY;
  rows.memberships.values.push([
    userId, email, joinId, type.slug, type.title, status, method, day(periodStart), day(periodEnd), number,
    method === "card" ? `cus_demo_${id}` : null, method === "card" && status !== "cancelled" ? `sub_demo_${id}` : null, instant(updatedAt),
  ]);

  // Reminders already sent by the runs before today's (30 and 7 days before the end).
  if (status === "active") {
    for (const days of [30, 7]) {
      const dueMs = periodEnd - days * DAY;
      if (dueMs > lastRun || periodEnd + 30 * DAY < lastRun - 60 * DAY) continue;
      const event = `${userId}:${day(periodEnd)}:${days}`;
      const sentAt = instant(Math.ceil((dueMs - lastRun) / DAY) * DAY + lastRun + 120_000);
      const auto = method === "card" && !stopped;
      const data = { givenName: given, membershipTitle: type.title, periodEnd: day(periodEnd), daysBefore: days, paymentMethod: method, renewal: auto ? "automatic" : "by-hand", amountPence: type.pence };
      const subject = auto ? `Your membership renews on ${day(periodEnd)}` : `Your membership ends on ${day(periodEnd)}: time to renew`;
      rows.email_outbox.values.push([`demo-mail-${id}-${days}`, `renewal-reminder:${event}`, "renewal-reminder", "membership-reminders", email, userId, subject, JSON.stringify(data), "sent", 1, sentAt, `<demo-${id}-${days}@guildhall.example>`, sentAt, sentAt, sentAt]);
    }
  }

  // A third of members buy webinars over the three years.
  if (rand() < 0.33) {
    const owned = new Set();
    const orders = 1 + Math.floor(rand() * 3);
    for (let o = 0; o < orders; o++) {
      const atMs = Math.max(windowStart, joinMs) + Math.floor(rand() * Math.max(1, (todayMs - Math.max(windowStart, joinMs)) / DAY)) * DAY + 11 * 3_600_000;
      const chosen = [...new Set([pick(WEBINARS), ...(rand() < 0.3 ? [pick(WEBINARS)] : [])])].filter((w) => !owned.has(w.id));
      if (chosen.length === 0) continue;
      const lines = chosen.map((w) => ({ kind: "webinar", id: w.id, title: w.title, pence: w.pence, vatTreatment: w.treatment, webinarIds: [w.id], stripePriceIds: [] }));
      const total = lines.reduce((sum, line) => sum + line.pence, 0);
      const orderMethod = rand() < 0.7 ? "card" : "offline";
      const orderId = `demo-order-${id}-${o}`;
      const orderRef = `GH-O${id}${o}`;
      const roll = rand();
      const orderStatus = todayMs - atMs < 20 * DAY && orderMethod === "offline" && roll < 0.5 ? "awaiting_payment" : roll < 0.02 ? "cancelled" : "paid";
      rows.orders.values.push([
        orderId, orderId, orderRef, userId, email, orderMethod, total, orderStatus, JSON.stringify(lines), JSON.stringify(chosen.map((w) => w.id)),
        orderStatus === "cancelled" ? "Not paid in time" : null, instant(atMs), instant(atMs + (orderStatus === "awaiting_payment" ? 0 : 3_600_000)),
      ]);
      if (orderStatus !== "paid") continue;
      const paymentId = orderMethod === "card" ? `pi_demo_${id}_${o}` : `demo-order-pay-${id}-${o}`;
      const ref = orderMethod === "card" ? paymentId : orderRef;
      const paidMs = orderMethod === "card" ? atMs : Math.min(todayMs - DAY, atMs + 3 * DAY);
      rows.order_payments.values.push([paymentId, orderId, orderMethod, total, day(paidMs), ref, orderMethod === "card" ? "stripe" : STAFF, instant(paidMs + 3_600_000)]);
      for (const w of chosen) owned.add(w.id);
      for (const w of chosen) rows.entitlements.values.push([userId, w.id, orderId, instant(paidMs + 3_600_000)]);
      const items = chosen.map((w) => ({ description: w.title, detail: null, pence: w.pence, vat: split(w.pence, w.treatment, w.rate) }));
      receipt("order", paymentId, ref, { orderId }, items, orderMethod, paidMs);
      if (orderMethod === "card") fee("order", paymentId, total, paidMs);
      if (rand() < 0.02) refund("order", paymentId, { orderId }, orderMethod, chosen[0].pence, `Order ${orderRef}`, chosen[0].treatment, chosen[0].rate, paidMs + 5 * DAY);
    }
  }

  // Some members keep a CPD log; a third of active members are listed in the directory.
  if (rand() < 0.4) {
    const entries = 1 + Math.floor(rand() * 5);
    for (let e = 0; e < entries; e++) {
      const [title, provider, category] = CPD_COURSES[e % CPD_COURSES.length];
      const activity = day(Math.max(windowStart, joinMs) + Math.floor(rand() * Math.max(1, (todayMs - Math.max(windowStart, joinMs)) / DAY)) * DAY);
      const at = `${activity}T18:00:00.000Z`;
      rows.cpd_entries.values.push([
        `demo-cpd-${id}-${e}`, userId, "manual", null, activity, title, provider, 50 * (1 + Math.floor(rand() * 12)), category,
        "What I learnt and how I will use it with my patients.", at, null, at, at,
      ]);
    }
  }
  if (status === "active" && rand() < 0.35) {
    rows.directory_entries.values.push([
      userId, name, town, workplace, specialisation, email, phone, rand() < 0.8 ? 1 : 0, rand() < 0.5 ? 1 : 0, 1, rand() < 0.3 ? 1 : 0, rand() < 0.2 ? 1 : 0,
      instant(joinAt + DAY),
    ]);
  }
}
