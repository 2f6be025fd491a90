'use strict';

/**
 * Removes every permission from the Users & Permissions "public" role on each boot.
 * Content is read only by the Worker with its API token, and members sign in elsewhere,
 * so nothing (not even U&P's own register/login routes) is open to anonymous callers.
 */
async function lockDownPublicRole(strapi) {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'public' } });
  if (!role) return;
  const removed = await strapi.db.query('plugin::users-permissions.permission').deleteMany({ where: { role: role.id } });
  if (removed.count > 0) {
    strapi.log.info(`[guildhall] Removed ${removed.count} permission(s) from the public role.`);
  }
}

module.exports = { lockDownPublicRole };
