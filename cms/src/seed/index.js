'use strict';

const { uploadSeedMedia } = require('./media');
const { memberships } = require('./content/memberships');
const { bundles, webinars } = require('./content/webinars');
const { pageShells, pageBlocks } = require('./content/pages');
const { articles } = require('./content/articles');
const { singleTypes } = require('./content/site');
const { redirects } = require('./content/redirects');
const { discountCodes } = require('./content/discount-codes');
const { events } = require('./content/events');

const MARKER = { type: 'core', name: 'guildhall', key: 'demo-content-seeded-at' };
const UIDS = {
  page: 'api::general-page.general-page',
  membership: 'api::membership.membership',
  bundle: 'api::webinar-bundle.webinar-bundle',
  webinar: 'api::webinar.webinar',
  article: 'api::article.article',
  redirect: 'api::redirect.redirect',
  discountCode: 'api::discount-code.discount-code',
  event: 'api::event.event',
};

/** Resolves demo keys to ids; an unknown key is a bug in the seed data, so it throws. */
function lookup(kind, table) {
  return (key) => {
    if (!(key in table)) throw new Error(`Demo content refers to an unknown ${kind} "${key}"`);
    return table[key];
  };
}

async function createPublished(strapi, uid, entries) {
  const ids = {};
  for (const [key, data] of Object.entries(entries)) {
    const document = await strapi.documents(uid).create({ data, status: 'published' });
    ids[key] = document.documentId;
  }
  return ids;
}

async function hasAnyContent(strapi) {
  const apiUids = Object.keys(strapi.contentTypes).filter((uid) => uid.startsWith('api::'));
  for (const uid of apiUids) {
    if ((await strapi.db.query(uid).count()) > 0) return true;
  }
  return false;
}

/**
 * Fills an empty database with the demo society, every entry published. Runs once: a marker in
 * Strapi's core store records success, and a database that already holds content is left alone.
 */
async function seedDemoContent(strapi) {
  if (await strapi.store.get(MARKER)) return;
  if (await hasAnyContent(strapi)) {
    strapi.log.warn('[guildhall] Demo content not seeded: the database already has content but no seed marker.');
    return;
  }

  const started = Date.now();
  strapi.log.info('[guildhall] Seeding demo content...');
  const ids = { media: await uploadSeedMedia(strapi) };
  const ref = {
    media: lookup('media file', ids.media),
    bundle: (key) => lookup('bundle', ids.bundle)(key),
    membership: (key) => lookup('membership', ids.membership)(key),
    webinar: (key) => lookup('webinar', ids.webinar)(key),
    page: (slug) => lookup('page', ids.page)(slug),
    pages: (slugs) => slugs.map((slug) => lookup('page', ids.page)(slug)),
  };

  ids.membership = await createPublished(strapi, UIDS.membership, memberships());
  ids.bundle = await createPublished(strapi, UIDS.bundle, bundles());
  ids.webinar = await createPublished(strapi, UIDS.webinar, webinars(new Date(), ref));
  // Pages link to one another, so they exist before any page gets its blocks.
  ids.page = await createPublished(strapi, UIDS.page, pageShells(ref));
  for (const [slug, blocks] of Object.entries(pageBlocks(ref))) {
    await strapi.documents(UIDS.page).update({ documentId: ref.page(slug), data: { blocks }, status: 'published' });
  }
  await createPublished(strapi, UIDS.article, articles(ref));
  await createPublished(strapi, UIDS.redirect, redirects());
  await createPublished(strapi, UIDS.discountCode, discountCodes(new Date(), ref));
  await createPublished(strapi, UIDS.event, events(new Date(), ref));
  for (const [uid, data] of Object.entries(singleTypes(ref))) {
    await strapi.documents(uid).create({ data, status: 'published' });
  }

  await strapi.store.set({ ...MARKER, value: new Date().toISOString() });
  strapi.log.info(`[guildhall] Demo content seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

module.exports = { seedDemoContent };
