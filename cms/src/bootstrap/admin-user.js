'use strict';

/**
 * Creates the first editor account (a super admin) when no admin user exists yet. The local
 * defaults are public, so a production CMS creates it only from CMS_ADMIN_EMAIL and
 * CMS_ADMIN_PASSWORD set for that first start.
 */
async function ensureAdminUser(strapi) {
  const users = strapi.service('admin::user');
  if (await users.exists()) return;
  if (process.env.NODE_ENV === 'production' && !(process.env.CMS_ADMIN_EMAIL && process.env.CMS_ADMIN_PASSWORD)) {
    throw new Error(
      'No editor account exists yet: set CMS_ADMIN_EMAIL and CMS_ADMIN_PASSWORD for the first production start (the local defaults are public).',
    );
  }
  const { email, password } = strapi.config.get('guildhall.admin');
  await users.createFirstAdmin({ email, password, firstname: 'Guildhall', lastname: 'Editor' });
  strapi.log.info(`[guildhall] Created admin user ${email}.`);
}

module.exports = { ensureAdminUser };
