/**
 * One `npm test` runs two projects:
 * - `worker`: unit and integration tests inside workerd (@cloudflare/vitest-plugin) with real
 *   local KV and D1, against the real Strapi started by the global setup;
 * - `e2e`: Node-side tests that drive the running stack (Strapi -> webhook -> Worker).
 */
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { TEST_SECRETS } from "./test/support/test-secrets.ts";

const migrationsDir = fileURLToPath(new URL("./migrations", import.meta.url));

export default defineConfig({
  test: {
    globalSetup: ["./test/support/global-setup.ts"],
    projects: [
      {
        plugins: [
          cloudflareTest(async ({ inject }) => ({
            main: "./src/index.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                ENVIRONMENT: "test",
                CMS_URL: inject<string>("cmsUrl"),
                CMS_TOKEN: TEST_SECRETS.cmsToken,
                CACHE_PURGE_SECRET: TEST_SECRETS.purgeSecret,
                SITE_NAME: "Guildhall",
                SITE_URL: "http://localhost:8787",
                CMS_TIMEOUT_MS: "3000",
                FIREBASE_PROJECT_ID: inject<string>("firebaseProjectId"),
                FIREBASE_API_KEY: "test-web-api-key",
                FIREBASE_AUTH_EMULATOR_HOST: inject<string>("firebaseEmulatorHost"),
                SESSION_SECRET: TEST_SECRETS.sessionSecret,
                TOKEN_SYNC_URL: "/api/auth/token",
                FAKE_CMS_URL: inject<string>("fakeCmsUrl"),
                // Card payments on, against the fake Stripe API (Stripe cannot be reached here).
                STRIPE_SECRET_KEY: TEST_SECRETS.stripeSecretKey,
                STRIPE_WEBHOOK_SECRET: TEST_SECRETS.stripeWebhookSecret,
                STRIPE_API_URL: inject<string>("fakeStripeUrl"),
                TEST_MIGRATIONS: await readD1Migrations(migrationsDir),
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["test/unit/**/*.test.ts", "test/integration/**/*.test.ts"],
          setupFiles: ["./test/support/worker/setup.ts"],
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
    ],
  },
});
