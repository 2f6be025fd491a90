/**
 * One `npm test` runs these projects:
 * - `unit`: pure rules, views and services with injected stores, inside workerd with no stack
 *   (no Strapi, no emulator, no fakes). `npm run test:unit` runs it alone in seconds.
 * - `integration`: the Worker inside workerd (@cloudflare/vitest-plugin) with real local KV and
 *   D1, against the real Strapi and Firebase Auth emulator the global setup starts;
 * - `e2e`: Node-side tests that drive the running stack (wrangler dev, Chromium);
 * - `volume`: the Worker in workerd against a CMS of its own with thousands of articles and
 *   pages (test/support/volume-setup.ts starts it; selecting only this project starts nothing else);
 * - `production`: Node-side tests of the path to production (the CMS on PostgreSQL, its refusal
 *   of development secrets, the deploy checks, the production bundle in Miniflare); each starts
 *   what it needs itself, so selecting only this project starts no shared stack.
 * The global setup starts the stack only when a project that needs it is selected.
 * Logs are shown for failing tests only (`silent: "passed-only"`).
 */
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { createLogger } from "vite";
import { defineConfig } from "vitest/config";
import { gazetteerStatements } from "./scripts/lib/gazetteer.mjs";
import { TEST_BINDINGS } from "./test/support/test-bindings.ts";

const migrationsDir = fileURLToPath(new URL("./migrations", import.meta.url));
const worker = { main: "./src/index.ts", wrangler: { configPath: "./wrangler.toml" } };

// Some dependencies (stripe) publish source maps that name files they do not ship; Vite warns
// about each one on every run. They say nothing about this project, so they are not printed.
const logger = createLogger();
const { warn, warnOnce } = logger;
const aboutThisProject = (message: string) => !message.startsWith("Sourcemap for ");
logger.warn = (message, options) => aboutThisProject(message) && warn(message, options);
logger.warnOnce = (message, options) => aboutThisProject(message) && warnOnce(message, options);

export default defineConfig({
  customLogger: logger,
  test: {
    globalSetup: ["./test/support/global-setup.ts"],
    silent: "passed-only",
    projects: [
      {
        plugins: [cloudflareTest({ ...worker, miniflare: { bindings: { ...TEST_BINDINGS } } })],
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          setupFiles: ["./test/support/worker/no-unexpected-errors.ts", "./test/support/worker/rich-text-loaded.ts"],
          // One workerd for every file: unit tests share no state, and starting a runtime per
          // file would take most of the run.
          isolate: false,
        },
      },
      {
        plugins: [
          cloudflareTest(async ({ inject }) => ({
            ...worker,
            miniflare: {
              bindings: {
                ...TEST_BINDINGS,
                CMS_URL: inject<string>("cmsUrl"),
                FIREBASE_PROJECT_ID: inject<string>("firebaseProjectId"),
                FIREBASE_AUTH_EMULATOR_HOST: inject<string>("firebaseEmulatorHost"),
                FAKE_CMS_URL: inject<string>("fakeCmsUrl"),
                STRIPE_API_URL: inject<string>("fakeStripeUrl"),
                TEST_MIGRATIONS: await readD1Migrations(migrationsDir),
                TEST_GAZETTEER: gazetteerStatements(),
              },
            },
          })),
        ],
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          // A ceiling, not a speed target: some tests make dozens of Worker requests against
          // Strapi, and a busy 2-core machine must not turn them into failures.
          testTimeout: 20_000,
          setupFiles: ["./test/support/worker/no-unexpected-errors.ts", "./test/support/worker/setup.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The site at real sizes: the Worker in workerd against a CMS of its own holding thousands
        // of articles and pages (test/support/volume-setup.ts), apart from the shared stack.
        plugins: [
          cloudflareTest(async ({ inject }) => ({
            ...worker,
            miniflare: {
              bindings: {
                ...TEST_BINDINGS,
                CMS_URL: inject<string>("volumeCmsUrl"),
                // This project checks what is read at size, not how fast: on a busy two-core test
                // machine one 500-entry CMS request can take seconds, so its timeout is generous.
                CMS_TIMEOUT_MS: "20000",
                TEST_MIGRATIONS: await readD1Migrations(migrationsDir),
              },
            },
          })),
        ],
        test: {
          name: "volume",
          include: ["test/volume/**/*.test.ts"],
          globalSetup: ["./test/support/volume-setup.ts"],
          testTimeout: 60_000,
          setupFiles: ["./test/support/worker/no-unexpected-errors.ts", "./test/support/worker/setup.ts"],
        },
      },
      {
        test: {
          name: "production",
          include: ["test/production/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
