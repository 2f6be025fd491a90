'use strict';

/**
 * LOCAL-ONLY development secrets. They are public (committed), so they protect nothing: every
 * deployed CMS must set each of them in its environment, and the CMS refuses to start under
 * NODE_ENV=production while any is missing or still one of these (lib/production-config.js).
 * Every local value says "not-a-secret", so a copied one is recognised too.
 */
const DEV_SECRETS = {
  APP_KEYS: ['local-dev-app-key-1-not-a-secret', 'local-dev-app-key-2-not-a-secret'],
  API_TOKEN_SALT: 'local-dev-api-token-salt-not-a-secret',
  ADMIN_JWT_SECRET: 'local-dev-admin-jwt-secret-not-a-secret',
  TRANSFER_TOKEN_SALT: 'local-dev-transfer-token-salt-not-a-secret',
  JWT_SECRET: 'local-dev-users-permissions-jwt-secret-not-a-secret',
  ENCRYPTION_KEY: 'local-dev-encryption-key-not-a-secret',
  /** The Worker's read-only API token in development and tests (scripts/lib/cms.mjs has the same). */
  CMS_API_TOKEN: 'guildhall-local-dev-cms-token-not-a-secret-0000000000000000',
};

const LOCAL_MARKER = 'not-a-secret';

function devSecret(name) {
  return DEV_SECRETS[name];
}

/** Whether `value` is a committed local value (a default here, or any other marked local-only). */
function isLocalSecret(value) {
  return value.includes(LOCAL_MARKER);
}

module.exports = { devSecret, isLocalSecret };
