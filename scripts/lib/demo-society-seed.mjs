// Seeds the demo society (demo-society.mjs) into the local D1 database of `npm run dev`, once:
// a database that already holds it (or any of it) is left as it is, so a developer's edits and
// later history are kept across restarts. The SQL is written to a file (it is megabytes long)
// and run by wrangler before the Worker starts, which avoids SQLITE_BUSY against a running one.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { demoPractitionersSql } from "./demo-practitioners.mjs";
import { DEMO_SOCIETY_USER_PREFIX, demoSocietySql } from "./demo-society.mjs";
import { executeLocalSqlFile, queryLocalSql, ROOT } from "./worker.mjs";

/** @param {{ members: number, persistTo?: string, log?: (line: string) => void }} options */
export function seedDemoSocietyOnce({ members, persistTo, log = () => {} }) {
  if (members === 0) return;
  const found = queryLocalSql(`SELECT COUNT(*) AS n FROM memberships WHERE user_id >= '${DEMO_SOCIETY_USER_PREFIX}' AND user_id < '${DEMO_SOCIETY_USER_PREFIX}~'`, { persistTo });
  if (found === null) throw new Error("Could not read the local D1 database to see whether the demo society is seeded.");
  if (found[0]?.n > 0) return;
  const started = Date.now();
  log(`Seeding the demo society (${members.toLocaleString("en-GB")} members, three years of history; once, on this fresh state)…`);
  const dir = join(ROOT, ".wrangler", "tmp");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "demo-society.sql");
  // Then a few dozen of its current full members listed in Find a practitioner.
  writeFileSync(file, `${[...demoSocietySql({ members }), ...demoPractitionersSql(DEMO_SOCIETY_USER_PREFIX)].join(";\n")};\n`);
  try {
    executeLocalSqlFile(file, { persistTo });
  } finally {
    rmSync(file, { force: true });
  }
  log(`Demo society seeded in ${Math.round((Date.now() - started) / 1000)} s.`);
}
