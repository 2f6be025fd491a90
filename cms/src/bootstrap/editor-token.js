'use strict';

const { setTokenKey } = require('./token-key');

const TOKEN_NAME = 'guildhall-editor';

/**
 * A full-access token for scripts that write content the way an editor would (the tests publish
 * pages and edit the footer through the REST API). It exists only while CMS_EDITOR_API_TOKEN
 * supplies its plaintext; without it (as with `npm run dev` and in production) any earlier
 * editor token is revoked, so the only content API token left is the Worker's read-only one.
 */
async function syncEditorToken(strapi) {
  const accessKey = strapi.config.get('guildhall.editorApiToken');
  const tokens = strapi.service('admin::api-token-content-api');
  const existing = await tokens.getByName(TOKEN_NAME);
  if (!accessKey) {
    if (existing) {
      await tokens.revoke(existing.id);
      strapi.log.info('[guildhall] CMS_EDITOR_API_TOKEN is not set: revoked the editor API token.');
    }
    return;
  }
  if (accessKey === strapi.config.get('guildhall.apiToken')) {
    throw new Error('CMS_EDITOR_API_TOKEN must differ from CMS_API_TOKEN: the Worker must not hold a token that can write.');
  }
  const description = 'Writes content like an editor (tests and scripts). Exists only while CMS_EDITOR_API_TOKEN is set.';
  const token = existing
    ? await tokens.update(existing.id, { type: 'full-access', description })
    : await tokens.create({ name: TOKEN_NAME, description, type: 'full-access', lifespan: null });
  await setTokenKey(strapi, token, accessKey);
}

module.exports = { syncEditorToken };
