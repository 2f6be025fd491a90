'use strict';

const TOKEN_NAME = 'guildhall-worker';

/**
 * Makes a full-access content API token whose plaintext is exactly `guildhall.apiToken`.
 *
 * Strapi only stores an HMAC-SHA512 of the key (salted with admin.apiToken.salt) plus an
 * AES-encrypted copy for the admin UI, so the token is created through the service and then
 * re-keyed with the same hash and encryption functions. Runs on every boot, so changing
 * CMS_API_TOKEN (or the salt) takes effect on restart.
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
  let token = await tokens.getByName(TOKEN_NAME);
  if (!token) {
    token = await tokens.create({
      name: TOKEN_NAME,
      description: 'Used by the Guildhall Worker to read content over GraphQL. Re-keyed from CMS_API_TOKEN on every boot.',
      type: 'full-access',
      lifespan: null,
    });
  } else if (token.type !== 'full-access') {
    await tokens.update(token.id, { type: 'full-access' });
  }

  await strapi.db.query('admin::api-token').update({
    where: { id: token.id },
    data: {
      accessKey: tokens.hash(accessKey),
      encryptedKey: strapi.service('admin::encryption').encrypt(accessKey),
      expiresAt: null,
      lifespan: null,
    },
  });
}

module.exports = { ensureApiToken };
