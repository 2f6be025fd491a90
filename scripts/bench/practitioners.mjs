// Find a practitioner's figures: /find-a-practitioner on the bundled Worker (Miniflare, real local
// D1) with listings seeded directly by SQL, first 1,000 then 30,000, and the same searches at each
// size: p50 and p99 of the whole request (gazetteer look-up, the box-and-distance query joined to
// the membership records, the page rendered), with the edge cache off so every search runs.
// Listings are spread over the gazetteer's towns (so a city holds more, as members do), each with
// one practice and a few of the CMS's choices.
import { gazetteerPlaces, gazetteerStatements } from "../lib/gazetteer.mjs";
import { runLoad } from "./load.mjs";
import { startBenchWorker } from "./worker.mjs";

export const PRACTITIONER_SIZES = [1_000, 30_000];

const SERVICES = ["sports-injuries", "musculoskeletal", "neurological-rehabilitation", "womens-health", "paediatrics", "older-people", "respiratory", "acupuncture"];
const CONDITIONS = ["back-pain", "neck-pain", "knee-pain", "shoulder-pain", "stroke", "arthritis"];
/** Cities that hold many members, and a few who practise there: a share of listings goes to them. */
const CITIES = ["london", "birmingham", "manchester", "leeds", "bristol", "glasgow", "edinburgh", "cardiff", "exeter", "newcastle upon tyne"];

function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const literal = (text) => `'${String(text).replaceAll("'", "''")}'`;
const radians = (d) => (d * Math.PI) / 180;

/** Adds listings `from` .. `to` - 1 (ids given), 100 to a statement. */
async function seed(db, places, from, to) {
  const cities = places.filter((p) => CITIES.includes(p.nameKey));
  for (let start = from; start < to; start += 100) {
    const members = [];
    const listings = [];
    const locations = [];
    const tags = [];
    for (let i = start; i < Math.min(to, start + 100); i++) {
      const next = random(i + 1);
      const place = next() < 0.4 ? cities[Math.floor(next() * cities.length)] : places[Math.floor(next() * places.length)];
      // Within about 5 km of the town's centre.
      const lat = place.lat + (next() - 0.5) * 0.09;
      const lng = place.lng + (next() - 0.5) * 0.14;
      const [φ, λ] = [radians(lat), radians(lng)];
      const id = i + 1;
      const user = `bench-practitioner-${id}`;
      members.push(`(${literal(user)}, ${literal(`${user}@bench.example`)}, 'full-member', 'Full member', 'active', 'offline', NULL, ${id})`);
      listings.push(`(${id}, ${literal(user)}, 1, ${literal(`Practitioner ${id}`)}, 'Physiotherapist', ${literal(`${user}@bench.example`)})`);
      locations.push(`(${id}, ${id}, 0, ${literal(`Clinic ${id}`)}, '1 High Street', ${literal(place.name)}, ${lat}, ${lng}, ${Math.cos(φ) * Math.cos(λ)}, ${Math.cos(φ) * Math.sin(λ)}, ${Math.sin(φ)}, 'town')`);
      tags.push(`(${id}, 'service', ${literal(SERVICES[i % SERVICES.length])}, 'x')`, `(${id}, 'condition', ${literal(CONDITIONS[i % CONDITIONS.length])}, 'x')`, `(${id}, 'sees', 'adults', 'Adults')`);
      if (i % 3 === 0) tags.push(`(${id}, 'access', 'step-free', 'Step-free access')`);
    }
    await db.batch([
      db.prepare(`INSERT INTO memberships (user_id, email, membership_slug, membership_title, status, payment_method, period_end, member_number) VALUES ${members.join(", ")}`),
      db.prepare(`INSERT INTO practitioner_listings (id, user_id, listed, display_name, professional_title, contact_email) VALUES ${listings.join(", ")}`),
      db.prepare(`INSERT INTO practitioner_locations (id, listing_id, position, name, address, town, lat, lng, x, y, z, placed_by) VALUES ${locations.join(", ")}`),
      db.prepare(`INSERT INTO practitioner_listing_tags (listing_id, kind, value, label) VALUES ${tags.join(", ")}`),
    ]);
  }
}

const SEARCHES = [
  { id: "city", label: "from London, 25 miles (the densest)", query: "place=London" },
  { id: "town", label: "from Exeter, 25 miles", query: "place=Exeter" },
  { id: "filtered", label: "from Leeds, 50 miles, a service and step-free", query: "place=Leeds&radius=50&service=sports-injuries&access=step-free" },
  { id: "wide", label: "from Birmingham, 100 miles (the widest)", query: "place=Birmingham&radius=100" },
  { id: "point", label: "from a browser's position (no gazetteer)", query: "near=53.4808,-2.2426" },
];

export async function benchPractitioners({ workerOptions, scriptPath, assetsDir, vars, port, durationMs, warmupMs, connections, sizes = PRACTITIONER_SIZES, onLog, step }) {
  step(`starting the Worker on port ${port} for Find a practitioner (edge cache off)`);
  const worker = await startBenchWorker({ workerOptions, scriptPath, assetsDir, port, vars: { ...vars, SITE_URL: `http://127.0.0.1:${port}`, EDGE_CACHE_SECONDS: "0" }, onLog });
  try {
    const db = await worker.mf.getD1Database("DB");
    await db.batch(gazetteerStatements().map((sql) => db.prepare(sql)));
    const places = gazetteerPlaces();
    const results = [];
    let seeded = 0;
    for (const size of sizes) {
      step(`practitioners: seeding to ${size.toLocaleString("en-GB")} listings`);
      const began = Date.now();
      await seed(db, places, seeded, size);
      await db.prepare("PRAGMA optimize").run();
      seeded = size;
      const seedSeconds = (Date.now() - began) / 1000;
      const searches = [];
      for (const search of SEARCHES) {
        step(`practitioners at ${size.toLocaleString("en-GB")}: ${search.label}`);
        const result = await runLoad({ url: `${worker.url}/find-a-practitioner?${search.query}`, connections, durationMs, warmupMs });
        if (result.failed > 0) throw new Error(`search "${search.query}" at ${size}: ${result.failed} of ${result.requests} requests failed (${JSON.stringify(result.statuses)}): ${result.failures.join("; ")}`);
        delete result.sampleHeaders;
        searches.push({ ...search, result });
      }
      results.push({ listings: size, seedSeconds, searches });
    }
    const ratios = SEARCHES.map((search) => {
      const [small, large] = [results[0], results.at(-1)].map((size) => size.searches.find((s) => s.id === search.id).result.latencyMs.p50);
      return { id: search.id, label: search.label, small, large, ratio: large / small };
    });
    return { sizes: results, ratios, connections };
  } finally {
    await worker.dispose();
  }
}

export function formatPractitioners(bench) {
  const lines = [`Find a practitioner (/find-a-practitioner, edge cache off, ${bench.connections} connections; listings seeded by SQL)`];
  for (const size of bench.sizes) {
    lines.push(`  ${size.listings.toLocaleString("en-GB")} listings (seeded in ${size.seedSeconds.toFixed(1)} s)`);
    for (const s of size.searches) {
      const { latencyMs, rps } = s.result;
      lines.push(`    ${s.label.padEnd(50)} p50 ${latencyMs.p50.toFixed(1)} ms  p99 ${latencyMs.p99.toFixed(1)} ms  ${rps.toFixed(0)} req/s`);
    }
  }
  for (const r of bench.ratios) {
    lines.push(`  p50 at ${bench.sizes.at(-1).listings.toLocaleString("en-GB")} / at ${bench.sizes[0].listings.toLocaleString("en-GB")}, ${r.label}: ${r.ratio.toFixed(2)}× (${r.small.toFixed(1)} -> ${r.large.toFixed(1)} ms)`);
  }
  return lines;
}
