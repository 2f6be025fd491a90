/** Secrets used only by the test stack (a throwaway Strapi database and local Workers). */
export const TEST_SECRETS = {
  /** The Worker's CMS token: read-only (find and findOne on the content types). */
  cmsToken: "guildhall-local-dev-cms-token-not-a-secret-0000000000000000",
  /** A full-access CMS token, for tests that publish or edit content as an editor would. */
  cmsEditorToken: "guildhall-test-cms-editor-token-not-a-secret-0000000000",
  purgeSecret: "guildhall-test-purge-secret-not-a-secret",
  /** The CMS's "Open preview" links carry it (editors' draft preview). */
  previewSecret: "guildhall-test-preview-secret-not-a-secret-00000",
  sessionSecret: "guildhall-test-session-secret-not-a-secret-0000000",
  /** Accepted by the fake Stripe API (test/support/fake-stripe.ts) only. */
  stripeSecretKey: "sk_test_fake_guildhall_0000000000",
  stripeWebhookSecret: "whsec_fake_guildhall_not_a_secret_0000",
  /** Signs the bounce and complaint reports posted to /api/email/events. */
  emailEventsSecret: "guildhall-test-email-events-not-a-secret-000000",
} as const;
