// The demo society's public listings (Find a practitioner): a few dozen of its full members who
// are members now, each with a practice in one of 36 towns across the UK, a title, a few of the
// CMS's choices and a biography. Written as SQL after the society itself (demo-society-seed.mjs),
// once, on a fresh state. Members whose membership lapses drop out of the search by themselves.
import { gazetteerPlaces } from "./gazetteer.mjs";

const TOWNS = [
  "London", "Birmingham", "Manchester", "Leeds", "Liverpool", "Sheffield", "Bristol", "Newcastle upon Tyne", "Nottingham", "Leicester",
  "Exeter", "Plymouth", "Truro", "Bath", "Oxford", "Cambridge", "Norwich", "Ipswich", "Brighton", "Southampton",
  "Canterbury", "York", "Hull", "Durham", "Carlisle", "Lancaster", "Chester", "Shrewsbury", "Hereford", "Gloucester",
  "Cardiff", "Swansea", "Aberystwyth", "Edinburgh", "Glasgow", "Aberdeen",
];
const SERVICES = ["sports-injuries", "musculoskeletal", "neurological-rehabilitation", "womens-health", "paediatrics", "older-people"];
const SERVICE_LABELS = { "sports-injuries": "Sports injuries", musculoskeletal: "Musculoskeletal", "neurological-rehabilitation": "Neurological rehabilitation", "womens-health": "Women's health", paediatrics: "Paediatrics", "older-people": "Older people" };
const CONDITIONS = { "back-pain": "Back pain", "knee-pain": "Knee pain", "shoulder-pain": "Shoulder pain", arthritis: "Arthritis", stroke: "Stroke" };
const APPOINTMENTS = { "in-person-at-the-practice": "In person at the practice", "home-visits": "Home visits", online: "Online" };

const quote = (text) => `'${String(text).replaceAll("'", "''")}'`;
const radians = (d) => (d * Math.PI) / 180;

/** The statements that list up to TOWNS.length current full members of the demo society. */
export function demoPractitionersSql(userPrefix) {
  const places = gazetteerPlaces();
  const towns = TOWNS.map((name) => places.find((p) => p.name === name)).filter(Boolean);
  const rows = towns.map((t, i) => {
    const [φ, λ] = [radians(t.lat), radians(t.lng)];
    return `(${i}, ${quote(t.name)}, ${t.lat}, ${t.lng}, ${Math.cos(φ) * Math.cos(λ)}, ${Math.cos(φ) * Math.sin(λ)}, ${Math.sin(φ)})`;
  });
  const chosen = `WITH chosen AS (
      SELECT user_id, email, COALESCE(member_name, 'Demo member ' || member_number) AS name, ROW_NUMBER() OVER (ORDER BY user_id) - 1 AS n
      FROM memberships
      WHERE user_id >= ${quote(userPrefix)} AND user_id < ${quote(`${userPrefix}~`)} AND membership_slug = 'full-member' AND status = 'active'
        AND (period_end IS NULL OR period_end > date('now', '+2 months'))
        AND NOT EXISTS (SELECT 1 FROM disputes d WHERE d.user_id = memberships.user_id AND d.status = 'open')
      ORDER BY user_id LIMIT ${towns.length}
    )`;
  const tags = [];
  towns.forEach((_, i) => {
    const service = SERVICES[i % SERVICES.length];
    const [condition, conditionLabel] = Object.entries(CONDITIONS)[i % 5];
    const [appointment, appointmentLabel] = Object.entries(APPOINTMENTS)[i % 3];
    tags.push(`(${i}, 'service', ${quote(service)}, ${quote(SERVICE_LABELS[service])})`, `(${i}, 'condition', ${quote(condition)}, ${quote(conditionLabel)})`);
    tags.push(`(${i}, 'appointment', ${quote(appointment)}, ${quote(appointmentLabel)})`, `(${i}, 'sees', 'adults', 'Adults')`, `(${i}, 'language', 'english', 'English')`);
    if (i % 4 === 0) tags.push(`(${i}, 'sees', 'children', 'Children and young people')`);
    if (i % 2 === 0) tags.push(`(${i}, 'access', 'step-free', 'Step-free access')`);
    if (i % 6 === 0) tags.push(`(${i}, 'language', 'welsh', 'Welsh')`);
  });
  return [
    `${chosen}
    INSERT INTO practitioner_listings (user_id, listed, display_name, professional_title, bio, contact_email)
    SELECT user_id, 1, name, 'Chartered physiotherapist', 'A demo listing: a member of the society in practice, seeing patients at the clinic below.', email FROM chosen`,
    `${chosen}, towns (n, town, lat, lng, x, y, z) AS (VALUES ${rows.join(", ")})
    INSERT INTO practitioner_locations (listing_id, position, name, address, town, postcode, phone, lat, lng, x, y, z, placed_by)
    SELECT l.id, 0, towns.town || ' Physiotherapy', (10 + chosen.n) || ' High Street', towns.town, NULL, '01632 960' || printf('%03d', chosen.n), towns.lat, towns.lng, towns.x, towns.y, towns.z, 'town'
    FROM chosen JOIN towns ON towns.n = chosen.n JOIN practitioner_listings l ON l.user_id = chosen.user_id`,
    `${chosen}, picks (n, kind, value, label) AS (VALUES ${tags.join(", ")})
    INSERT OR IGNORE INTO practitioner_listing_tags (listing_id, kind, value, label)
    SELECT l.id, picks.kind, picks.value, picks.label FROM chosen JOIN picks ON picks.n = chosen.n JOIN practitioner_listings l ON l.user_id = chosen.user_id`,
  ];
}
