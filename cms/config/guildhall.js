'use strict';

const { devSecret } = require('../lib/dev-secrets');

/** The fixed local token the Worker uses in development and tests. Never use it in a deployment. */
const DEV_CMS_TOKEN = devSecret('CMS_API_TOKEN');

/**
 * Guildhall's own settings, read in src/bootstrap as strapi.config.get('guildhall.*').
 * Every value comes from the environment; the defaults only suit a local machine.
 */
module.exports = ({ env }) => ({
  devApiToken: DEV_CMS_TOKEN,
  apiToken: env('CMS_API_TOKEN', DEV_CMS_TOKEN),
  // No default: the full-access editor token exists only when a caller (the tests) supplies one.
  editorApiToken: env('CMS_EDITOR_API_TOKEN', ''),
  purgeWebhook: {
    url: env('WORKER_PURGE_URL', ''),
    secret: env('CACHE_PURGE_SECRET', ''),
  },
  admin: {
    email: env('CMS_ADMIN_EMAIL', 'admin@guildhall.local'),
    password: env('CMS_ADMIN_PASSWORD', 'Guildhall-local-admin-1'),
  },
  // A production CMS starts empty unless asked: demo content is for development and tests.
  seedDemoContent: env.bool('SEED_DEMO_CONTENT', env('NODE_ENV') !== 'production'),
});
