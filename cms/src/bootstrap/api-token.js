'use strict';

const { setTokenKey } = require('./token-key');

const TOKEN_NAME = 'guildhall-worker';

/**
 * What the Worker may do: find and findOne on our own content types (`api::*`), nothing else.
 * It only reads published content over GraphQL, so a leaked Worker secret cannot change the
 * site, and it cannot read Strapi's own data (users, the media library listing) either. Media
 * fields and components of the content it reads need no permission of their own.
 */
function workerPermissions(strapi) {
  return strapi.contentAPI.permissions.providers.action
    .keys()
    .filter((action) => action.startsWith('api::') && /\.(find|findOne)$/.test(action))
    .sort();
}

/**
 * Makes the Worker's custom (read-only) content API token, whose plaintext is exactly
 * `guildhall.apiToken`, and sets its permissions on every boot: a token an editor widened in
 * the admin panel is narrowed again on restart, on purpose.
 */
async function ensureApiToken(strapi) {
  const accessKey = strapi.config.get('guildhall.apiToken');
  if (!accessKey) {
    throw new Error('CMS_API_TOKEN is empty: the Worker would have no way to read content.');
  }
  if (accessKey === strapi.config.get('guildhall.devApiToken') && process.env.CMS_API_TOKEN === undefined) {
    strapi.log.warn('[guildhall] CMS_API_TOKEN is not set: using the public local development token.');
  }

  const tokens = strapi.service('admin::api-token-content-api');
  const permissions = workerPermissions(strapi);
  const description = 'Used by the Guildhall Worker to read published content over GraphQL (find and findOne only). Re-keyed from CMS_API_TOKEN on every boot.';
  const existing = await tokens.getByName(TOKEN_NAME);
  const token = existing
    ? await tokens.update(existing.id, { type: 'custom', permissions, description })
    : await tokens.create({ name: TOKEN_NAME, description, type: 'custom', permissions, lifespan: null });
  await setTokenKey(strapi, token, accessKey);
}

module.exports = { ensureApiToken };
