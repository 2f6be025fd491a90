'use strict';

/**
 * Adds published articles and general pages in volume to a CMS database, for tests and
 * benchmarks of the site at real sizes:
 *
 *   node scripts/seed-volume.js --articles 2500 --pages 2500 [--webinars 1100 --bundles 1100 --memberships 1100]
 *
 * Run it on a stopped CMS (the environment names the database, as for `strapi start`); its first
 * boot seeds the demo content as usual. Entries are written through Strapi's query engine in
 * batches, a draft and a published row per document as Strapi keeps them: the document service
 * takes about 25-70 ms an entry (its lifecycles, webhooks and a transaction each), too slow for
 * thousands. They are plain (title, slug, summary; pages of types Patients and Professionals),
 * published a minute apart from 1 January 2020, so they are all older than the demo content:
 * article 1 is the oldest on the site.
 *
 *   articles     slug volume-article-0001 …, title "Volume article 0001"
 *   pages        slug volume-page-0001 …, odd numbers Patients, even Professionals
 *   webinars     slug volume-webinar-0001 …, name "Volume webinar 0001", free, a day apart from
 *                1 January 2030 (after the demo's, so the last ones lie past any first 1,000)
 *   bundles      slug volume-bundle-0001 …, bundle name "Volume bundle 0001", no webinars
 *   memberships  slug volume-membership-0001 …, title "Volume membership 0001", no price
 */
const { randomBytes } = require('node:crypto');
const { createStrapi } = require('@strapi/strapi');

const BATCH = 250;
const FIRST_PUBLISHED = Date.UTC(2020, 0, 1);
const FIRST_WEBINAR = Date.UTC(2030, 0, 1);
const DAY = 86_400_000;

function argument(name) {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? 0 : Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number, not "${process.argv[index + 1]}"`);
  return value;
}

/** Strapi's document ids are 24 lower-case letters and digits. */
const documentId = () => randomBytes(18).toString('base64').replace(/[^a-z0-9]/gi, '').toLowerCase().padEnd(24, '0').slice(0, 24);

const number = (i) => String(i).padStart(4, '0');

/** A draft and a published row of each document, as Strapi's draft-and-publish keeps them. */
function rows(count, entry) {
  return Array.from({ length: count }, (_, index) => {
    const i = index + 1;
    const at = new Date(FIRST_PUBLISHED + i * 60_000);
    const fields = { documentId: documentId(), ...entry(i), createdAt: at, updatedAt: at };
    return [
      { ...fields, publishedAt: null },
      { ...fields, publishedAt: at },
    ];
  }).flat();
}

async function insert(strapi, uid, data) {
  for (let start = 0; start < data.length; start += BATCH) {
    await strapi.db.query(uid).createMany({ data: data.slice(start, start + BATCH) });
  }
}

async function main() {
  const articles = argument('articles');
  const pages = argument('pages');
  const webinars = argument('webinars');
  const bundles = argument('bundles');
  const memberships = argument('memberships');
  const strapi = await createStrapi({ appDir: process.cwd(), distDir: process.cwd() }).load();
  try {
    const started = Date.now();
    await insert(
      strapi,
      'api::article.article',
      rows(articles, (i) => ({ title: `Volume article ${number(i)}`, slug: `volume-article-${number(i)}`, summary: `Article ${i} of ${articles}.` })),
    );
    await insert(
      strapi,
      'api::general-page.general-page',
      rows(pages, (i) => ({
        title: `Volume page ${number(i)}`,
        slug: `volume-page-${number(i)}`,
        type: i % 2 === 1 ? 'Patients' : 'Professionals',
        authenticatedOnly: false,
        membersOnly: false,
      })),
    );
    await insert(
      strapi,
      'api::webinar.webinar',
      rows(webinars, (i) => ({ name: `Volume webinar ${number(i)}`, slug: `volume-webinar-${number(i)}`, date: new Date(FIRST_WEBINAR + i * DAY), durationMinutes: 60 })),
    );
    await insert(
      strapi,
      'api::webinar-bundle.webinar-bundle',
      rows(bundles, (i) => ({ bundleName: `Volume bundle ${number(i)}`, slug: `volume-bundle-${number(i)}`, description: `Bundle ${i} of ${bundles}.` })),
    );
    await insert(
      strapi,
      'api::membership.membership',
      rows(memberships, (i) => ({ title: `Volume membership ${number(i)}`, slug: `volume-membership-${number(i)}` })),
    );
    strapi.log.info(`[guildhall] ${articles} articles, ${pages} pages, ${webinars} webinars, ${bundles} bundles and ${memberships} memberships added in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await strapi.destroy();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
