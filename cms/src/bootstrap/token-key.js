'use strict';

/**
 * Gives an API token a plaintext of our choosing.
 *
 * Strapi only stores an HMAC-SHA512 of the key (salted with admin.apiToken.salt) plus an
 * AES-encrypted copy for the admin UI, so a token is created through the service and then
 * re-keyed with the same hash and encryption functions. Runs on every boot, so changing the
 * plaintext (or the salt) takes effect on restart.
 */
async function setTokenKey(strapi, token, accessKey) {
  const tokens = strapi.service('admin::api-token-content-api');
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

module.exports = { setTokenKey };
