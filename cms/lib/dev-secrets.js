'use strict';

/**
 * LOCAL-ONLY development secrets. They are public (committed), so they protect nothing:
 * every deployed CMS must set APP_KEYS, API_TOKEN_SALT, ADMIN_JWT_SECRET,
 * TRANSFER_TOKEN_SALT, JWT_SECRET and ENCRYPTION_KEY in its environment.
 */
const DEV_SECRETS = {
  APP_KEYS: ['local-dev-app-key-1-not-a-secret', 'local-dev-app-key-2-not-a-secret'],
  API_TOKEN_SALT: 'local-dev-api-token-salt-not-a-secret',
  ADMIN_JWT_SECRET: 'local-dev-admin-jwt-secret-not-a-secret',
  TRANSFER_TOKEN_SALT: 'local-dev-transfer-token-salt-not-a-secret',
  JWT_SECRET: 'local-dev-users-permissions-jwt-secret-not-a-secret',
  ENCRYPTION_KEY: 'local-dev-encryption-key-not-a-secret',
};

function devSecret(name) {
  return DEV_SECRETS[name];
}

module.exports = { devSecret };
