'use strict';

const { devSecret } = require('../lib/dev-secrets');
const { previewConfig } = require('../src/preview/preview-url');

module.exports = ({ env }) => ({
  auth: {
    secret: env('ADMIN_JWT_SECRET', devSecret('ADMIN_JWT_SECRET')),
  },
  apiToken: {
    salt: env('API_TOKEN_SALT', devSecret('API_TOKEN_SALT')),
  },
  secrets: {
    encryptionKey: env('ENCRYPTION_KEY', devSecret('ENCRYPTION_KEY')),
  },
  // API-only runs (tests, `npm run dev`) have no admin build; `npm run cms:admin` sets SERVE_ADMIN=true.
  serveAdminPanel: env.bool('SERVE_ADMIN', false),
  autoOpen: false,
  // Nothing may reach the network: no Strapi AI, no remote data transfer.
  ai: { enabled: false },
  transfer: {
    token: { salt: env('TRANSFER_TOKEN_SALT', devSecret('TRANSFER_TOKEN_SALT')) },
    remote: { enabled: false },
  },
  watchIgnoreFiles: ['**/seed/**'],
  // "Open preview" on an entry opens it on the Worker with drafts (src/preview/preview-url.js).
  // Off unless both are set; locally `npm run cms:admin` sets them to match the Worker's .dev.vars.
  preview: previewConfig({ siteUrl: env('PREVIEW_SITE_URL', ''), secret: env('PREVIEW_SECRET', '') }),
  flags: {
    nps: false,
    promoteEE: false,
  },
});
