'use strict';

const { lockDownPublicRole } = require('./bootstrap/public-role');
const { ensureApiToken } = require('./bootstrap/api-token');
const { syncEditorToken } = require('./bootstrap/editor-token');
const { ensureAdminUser } = require('./bootstrap/admin-user');
const { syncPurgeWebhook } = require('./bootstrap/purge-webhook');
const { seedDemoContent } = require('./seed');
const { relaxUnionFieldNullability } = require('./graphql/union-field-nullability');
const { refuseUnshowableAddresses } = require('./validation/general-page-addresses');
const { checkDiscountCodes } = require('./validation/discount-codes');
const { assertConfiguration } = require('../lib/production-config');

module.exports = {
  register({ strapi }) {
    // Before the database is touched: a production CMS never runs on the committed local secrets.
    assertConfiguration(process.env);
    relaxUnionFieldNullability(strapi);
    refuseUnshowableAddresses(strapi);
    checkDiscountCodes(strapi);
  },

  async bootstrap({ strapi }) {
    await lockDownPublicRole(strapi);
    await ensureApiToken(strapi);
    await syncEditorToken(strapi);
    await ensureAdminUser(strapi);
    // Seed before the purge webhook is registered, so a first boot does not send a purge per entry.
    if (strapi.config.get('guildhall.seedDemoContent')) {
      await seedDemoContent(strapi);
    }
    await syncPurgeWebhook(strapi);
  },
};
