// The site search's figures: /search on the bundled Worker (Miniflare, real local D1) with the
// index seeded directly by SQL, first with 500 documents, then with 10,000, and the same queries
// at each size: p50 and p99 of the whole request (the query, the excerpts, the page rendered),
// with the edge cache off so every search runs. Each document is on one of 30 topics (two real
// words) with 150 words of filler from a vocabulary of 3,000, so a topic's words are in the same
// share of documents at both sizes (a query matches 20 times as many at 10,000), as the words
// people search for are in a few per cent of a site's pages. One more query asks for a word in
// every document: the worst case, which ranks the whole index.
import { runLoad } from "./load.mjs";
import { startBenchWorker } from "./worker.mjs";

export const SEARCH_SIZES = [500, 10_000];

const TOPICS = [
  ["knee", "injury"], ["shoulder", "rehabilitation"], ["shoulder", "posture"], ["running", "strength"], ["balance", "exercise"],
  ["back", "pain"], ["hip", "replacement"], ["sports", "massage"], ["neck", "stiffness"], ["ankle", "sprain"],
  ["pelvic", "health"], ["stroke", "recovery"], ["breathing", "technique"], ["hand", "therapy"], ["foot", "orthotics"],
  ["elderly", "falls"], ["children", "development"], ["pilates", "core"], ["hydrotherapy", "pool"], ["tendon", "loading"],
  ["spinal", "cord"], ["cardiac", "rehabilitation"], ["chronic", "fatigue"], ["arthritis", "management"], ["concussion", "return"],
  ["dance", "injuries"], ["workplace", "ergonomics"], ["pregnancy", "care"], ["amputee", "prosthetics"], ["vestibular", "dizziness"],
];
const FILLER = Array.from({ length: 3000 }, (_, i) => `word${i.toString(36)}`);
/** In every document: the worst case for ranking. */
const EVERYWHERE = "guild";

/** A deterministic pseudo-random sequence, so that both sizes and every run index the same text. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function documentText(i) {
  const next = random(i + 1);
  const [first, second] = TOPICS[i % TOPICS.length];
  // Filler skewed towards the start of the vocabulary, as word use is.
  const filler = () => FILLER[Math.floor(next() ** 2 * FILLER.length)];
  const words = Array.from({ length: 150 }, filler);
  for (const word of [first, second, EVERYWHERE]) words[Math.floor(next() * words.length)] = word;
  return {
    key: `general-page:bench-${i}`,
    title: `${first} and ${second} ${i}`,
    description: `${filler()} ${second} ${filler()}`,
    body: words.join(" "),
  };
}

const literal = (text) => `'${text.replaceAll("'", "''")}'`;

/**
 * Adds documents `from` .. `to` - 1 to the index, 50 to a statement (row ids given, so the two
 * tables agree without a look-up; plain SQL text, as the bench reaches D1 through Miniflare).
 */
async function seed(db, from, to) {
  for (let start = from; start < to; start += 50) {
    const docs = [];
    for (let i = start; i < Math.min(to, start + 50); i++) docs.push({ id: i + 1, i, ...documentText(i) });
    const rows = (values) => docs.map((doc) => `(${values(doc).join(", ")})`).join(",\n");
    await db
      .prepare(
        `INSERT INTO search_documents (id, doc_key, kind, access, href, date) VALUES ${rows((doc) => [doc.id, literal(doc.key), "'page'", literal(doc.i % 10 === 0 ? "members" : "public"), literal(`/bench-${doc.i}`), "'2026-11-01T00:00:00.000Z'"])}`,
      )
      .run();
    await db.prepare(`INSERT INTO search_text (rowid, title, description, body) VALUES ${rows((doc) => [doc.id, literal(doc.title), literal(doc.description), literal(doc.body)])}`).run();
  }
}

const QUERIES = [
  { id: "one-word", label: "one word (a topic's)", q: "knee" },
  { id: "two-words", label: "two words (AND), one a prefix", q: "shoulder rehab" },
  { id: "typo", label: "a misspelling (nothing found, then corrected)", q: "shouldr postuer" },
  { id: "everywhere", label: "a word in every document (worst case)", q: EVERYWHERE },
];

export async function benchSearch({ workerOptions, scriptPath, assetsDir, vars, port, durationMs, warmupMs, connections, onLog, step }) {
  // The limit per client address would refuse a load generator on one address after 60 searches.
  const options = { ...workerOptions, ratelimits: { ...workerOptions.ratelimits, SEARCH_LIMITER: { ...workerOptions.ratelimits.SEARCH_LIMITER, simple: { limit: 1_000_000, period: 60 } } } };
  step(`starting the Worker on port ${port} for the site search (edge cache off)`);
  const worker = await startBenchWorker({ workerOptions: options, scriptPath, assetsDir, port, vars: { ...vars, SITE_URL: `http://127.0.0.1:${port}`, EDGE_CACHE_SECONDS: "0" }, onLog });
  try {
    const db = await worker.mf.getD1Database("DB");
    const sizes = [];
    let indexed = 0;
    for (const size of SEARCH_SIZES) {
      step(`site search: seeding the index to ${size.toLocaleString("en-GB")} documents`);
      const seeded = Date.now();
      await seed(db, indexed, size);
      indexed = size;
      const seedSeconds = (Date.now() - seeded) / 1000;
      const queries = [];
      for (const query of QUERIES) {
        step(`site search at ${size.toLocaleString("en-GB")}: ${query.label}`);
        const url = `${worker.url}/search?q=${encodeURIComponent(query.q)}`;
        const result = await runLoad({ url, connections, durationMs, warmupMs });
        if (result.failed > 0) throw new Error(`site search "${query.q}" at ${size}: ${result.failed} of ${result.requests} requests failed (${JSON.stringify(result.statuses)}): ${result.failures.join("; ")}`);
        delete result.sampleHeaders;
        queries.push({ ...query, result });
      }
      sizes.push({ documents: size, seedSeconds, queries });
    }
    const ratios = QUERIES.map((query) => {
      const [small, large] = sizes.map((size) => size.queries.find((q) => q.id === query.id).result.latencyMs.p50);
      return { id: query.id, label: query.label, small, large, ratio: large / small };
    });
    return { sizes, ratios, connections };
  } finally {
    await worker.dispose();
  }
}
