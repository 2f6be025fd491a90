'use strict';

const { isLocalSecret } = require('./dev-secrets');

/** Every secret a deployed CMS must have in its environment (none has a usable default there). */
const PRODUCTION_SECRETS = [
  'APP_KEYS',
  'API_TOKEN_SALT',
  'ADMIN_JWT_SECRET',
  'TRANSFER_TOKEN_SALT',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
  'CMS_API_TOKEN',
  'CACHE_PURGE_SECRET',
];

/** What the S3 upload provider needs to write to a Cloudflare R2 bucket (UPLOAD_PROVIDER=r2). */
const R2_SETTINGS = ['R2_ENDPOINT', 'R2_BUCKET', 'R2_ACCESS_KEY_ID', 'R2_SECRET_ACCESS_KEY', 'R2_PUBLIC_URL'];

const UPLOAD_PROVIDERS = ['local', 'r2'];

/**
 * Everything wrong with the CMS's environment, one line each, naming the variable (never its
 * value). Under NODE_ENV=production every secret must be set and must not be a committed local
 * value, and Postgres must be told where it is; R2 uploads need all their settings in any
 * environment.
 *
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
function configurationProblems(env) {
  const problems = [];
  const value = (name) => (env[name] ?? '').trim();

  if (env.NODE_ENV === 'production') {
    for (const name of PRODUCTION_SECRETS) {
      if (!value(name)) problems.push(`${name} is not set`);
      else if (isLocalSecret(value(name))) problems.push(`${name} is a local development value`);
    }
    if (value('DATABASE_CLIENT') === 'postgres' && !value('DATABASE_URL') && !value('DATABASE_HOST')) {
      problems.push('DATABASE_URL (or DATABASE_HOST with DATABASE_NAME, DATABASE_USERNAME, DATABASE_PASSWORD) is not set');
    }
  }

  const provider = value('UPLOAD_PROVIDER') || 'local';
  if (!UPLOAD_PROVIDERS.includes(provider)) {
    problems.push(`UPLOAD_PROVIDER must be one of ${UPLOAD_PROVIDERS.join(', ')}`);
  } else if (provider === 'r2') {
    for (const name of R2_SETTINGS) {
      if (!value(name)) problems.push(`${name} is not set (needed for UPLOAD_PROVIDER=r2)`);
    }
    if (value('R2_PUBLIC_URL') && !/^https:\/\/[^/]/.test(value('R2_PUBLIC_URL'))) {
      problems.push('R2_PUBLIC_URL must be an https URL (the bucket\'s public address)');
    }
  }
  return problems;
}

/** Throws one error listing every problem, so a deployment learns all it must fix at once. */
function assertConfiguration(env) {
  const problems = configurationProblems(env);
  if (problems.length > 0) {
    throw new Error(`The CMS cannot start with this configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

module.exports = { PRODUCTION_SECRETS, R2_SETTINGS, configurationProblems, assertConfiguration };
