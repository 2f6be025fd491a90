'use strict';

/** Creates the local editor account (a super admin) when no admin user exists yet. */
async function ensureAdminUser(strapi) {
  const users = strapi.service('admin::user');
  if (await users.exists()) return;
  const { email, password } = strapi.config.get('guildhall.admin');
  await users.createFirstAdmin({ email, password, firstname: 'Guildhall', lastname: 'Editor' });
  strapi.log.info(`[guildhall] Created admin user ${email}.`);
}

module.exports = { ensureAdminUser };
