/**
 * A CMS started for production (NODE_ENV=production) with no secrets of its own, or with the
 * committed local ones, refuses to start and names every secret it lacks, before it touches
 * a database.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CMS_DIR } from "../../scripts/lib/cms.mjs";
import { TEST_PORTS } from "../support/test-ports";
import { TEST_SECRETS } from "../support/test-secrets";

const STRAPI = join(CMS_DIR, "node_modules", "@strapi", "strapi", "bin", "strapi.js");
const SECRETS = ["APP_KEYS", "API_TOKEN_SALT", "ADMIN_JWT_SECRET", "TRANSFER_TOKEN_SALT", "JWT_SECRET", "ENCRYPTION_KEY", "CMS_API_TOKEN", "CACHE_PURGE_SECRET"];

const dir = mkdtempSync(join(tmpdir(), "guildhall-cms-secrets-"));
mkdirSync(join(dir, "uploads"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `strapi start` with only `env` (plus PATH and HOME) until it exits; never left running. */
function startStrapi(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [STRAPI, "start"], {
      cwd: CMS_DIR,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? dir,
        STRAPI_TELEMETRY_DISABLED: "true",
        HOST: "127.0.0.1",
        PORT: String(TEST_PORTS.sqliteCms),
        DATABASE_FILENAME: join(dir, "cms.db"),
        PUBLIC_DIR: dir,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`strapi start was still running after 90 s:\n${output.slice(-2000)}`));
    }, 90_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("a production CMS refuses the local development secrets", () => {
  it("exits non-zero naming every secret when none is set", async () => {
    const { code, output } = await startStrapi({ NODE_ENV: "production" });
    expect(code).not.toBe(0);
    for (const name of SECRETS) expect(output).toContain(`${name} is not set`);
    expect(output).not.toContain("Strapi started successfully");
  });

  it("exits non-zero naming each secret that is a committed local value", async () => {
    const local = {
      APP_KEYS: "local-dev-app-key-1-not-a-secret,local-dev-app-key-2-not-a-secret",
      API_TOKEN_SALT: "local-dev-api-token-salt-not-a-secret",
      ADMIN_JWT_SECRET: "a-real-looking-admin-jwt-secret-0123456789",
      TRANSFER_TOKEN_SALT: "a-real-looking-transfer-token-salt-0123456789",
      JWT_SECRET: "a-real-looking-users-permissions-secret-0123",
      ENCRYPTION_KEY: "a-real-looking-encryption-key-0123456789abcdef",
      CMS_API_TOKEN: TEST_SECRETS.cmsToken,
      CACHE_PURGE_SECRET: TEST_SECRETS.purgeSecret,
    };
    const { code, output } = await startStrapi({ NODE_ENV: "production", ...local });
    expect(code).not.toBe(0);
    for (const name of ["APP_KEYS", "API_TOKEN_SALT", "CMS_API_TOKEN", "CACHE_PURGE_SECRET"]) {
      expect(output).toContain(`${name} is a local development value`);
    }
    for (const name of ["ADMIN_JWT_SECRET", "TRANSFER_TOKEN_SALT", "JWT_SECRET", "ENCRYPTION_KEY"]) expect(output).not.toContain(name);
    for (const value of Object.values(local)) expect(output).not.toContain(value);
  });
});

describe("the CMS's configuration rules", () => {
  const { configurationProblems } = createRequire(import.meta.url)(join(CMS_DIR, "lib", "production-config.js")) as {
    configurationProblems: (env: Record<string, string>) => string[];
  };
  const ownSecrets = Object.fromEntries(SECRETS.map((name, index) => [name, `a-deployment-s-own-secret-${index}-0123456789`]));

  it("accept a production environment with its own secrets, Postgres and R2", () => {
    const r2 = { R2_ENDPOINT: "https://0123.r2.cloudflarestorage.com", R2_BUCKET: "media", R2_ACCESS_KEY_ID: "id", R2_SECRET_ACCESS_KEY: "key", R2_PUBLIC_URL: "https://media.guild.example" };
    expect(configurationProblems({ NODE_ENV: "production", ...ownSecrets, DATABASE_CLIENT: "postgres", DATABASE_URL: "postgres://u:p@db/guildhall", UPLOAD_PROVIDER: "r2", ...r2 })).toEqual([]);
  });

  it("need to know where Postgres is in production", () => {
    expect(configurationProblems({ NODE_ENV: "production", ...ownSecrets, DATABASE_CLIENT: "postgres" })).toEqual([
      "DATABASE_URL (or DATABASE_HOST with DATABASE_NAME, DATABASE_USERNAME, DATABASE_PASSWORD) is not set",
    ]);
  });

  it("name every R2 setting missing, in any environment, and need an https public URL", () => {
    expect(configurationProblems({ UPLOAD_PROVIDER: "r2", R2_BUCKET: "media", R2_PUBLIC_URL: "http://media.guild.example" })).toEqual([
      "R2_ENDPOINT is not set (needed for UPLOAD_PROVIDER=r2)",
      "R2_ACCESS_KEY_ID is not set (needed for UPLOAD_PROVIDER=r2)",
      "R2_SECRET_ACCESS_KEY is not set (needed for UPLOAD_PROVIDER=r2)",
      "R2_PUBLIC_URL must be an https URL (the bucket's public address)",
    ]);
    expect(configurationProblems({ UPLOAD_PROVIDER: "s3" })).toEqual(["UPLOAD_PROVIDER must be one of local, r2"]);
  });

  it("leave development alone: local secrets and disk uploads need nothing", () => {
    expect(configurationProblems({ NODE_ENV: "development" })).toEqual([]);
  });
});
