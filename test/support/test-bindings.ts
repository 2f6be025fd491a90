/**
 * The Worker's settings in tests. The integration project adds the addresses of the stack the
 * global setup starts (Strapi, the Firebase Auth emulator, the fakes); the unit project needs no
 * stack, so its addresses point at a closed port and any test that tried to reach them would fail.
 */
import { TEST_SECRETS } from "./test-secrets.ts";

/** Nothing listens here: a unit test that reached for the network would fail at once. */
const CLOSED_PORT_HOST = "127.0.0.1:19";
export const CLOSED_PORT_URL = `http://${CLOSED_PORT_HOST}`;

export const TEST_BINDINGS = {
  ENVIRONMENT: "test",
  CMS_URL: CLOSED_PORT_URL,
  CMS_TOKEN: TEST_SECRETS.cmsToken,
  CACHE_PURGE_SECRET: TEST_SECRETS.purgeSecret,
  PREVIEW_SECRET: TEST_SECRETS.previewSecret,
  EMAIL_EVENTS_SECRET: TEST_SECRETS.emailEventsSecret,
  SITE_NAME: "Guildhall",
  SITE_URL: "http://localhost:8787",
  CMS_TIMEOUT_MS: "3000",
  FIREBASE_PROJECT_ID: "demo-guildhall",
  FIREBASE_API_KEY: "test-web-api-key",
  FIREBASE_AUTH_EMULATOR_HOST: CLOSED_PORT_HOST,
  SESSION_SECRET: TEST_SECRETS.sessionSecret,
  TOKEN_SYNC_URL: "/api/auth/token",
  // Card payments on, against the fake Stripe API (Stripe cannot be reached here).
  STRIPE_SECRET_KEY: TEST_SECRETS.stripeSecretKey,
  STRIPE_WEBHOOK_SECRET: TEST_SECRETS.stripeWebhookSecret,
  STRIPE_API_URL: CLOSED_PORT_URL,
  // Bacs Direct Debit offered beside card, collected through the same fake.
  STRIPE_DIRECT_DEBIT: "bacs_debit",
  // One download holds at most this many rows here (200,000 in production), so a background
  // export's tests need tens of thousands of rows, not hundreds of thousands.
  EXPORT_DOWNLOAD_MAX_ROWS: "26000",
} as const;
