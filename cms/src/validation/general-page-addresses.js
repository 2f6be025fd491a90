'use strict';

const { errors } = require('@strapi/utils');

const UID = 'api::general-page.general-page';

/**
 * A general page lives at `/{slug}` (type Root) or `/{type in lower case}/{slug}`. A few of those
 * addresses the Worker answers with something that is not a page and cannot show blocks; a page
 * there would never be seen, so it is refused when it is saved, with the reason. (The site's own
 * screens at page addresses, such as /join, /login or /user/membership, do show the page: their
 * list is in the Worker, src/shared/built-in-screens.ts.)
 */
const REFUSED = {
  Root: {
    'robots.txt': 'the site\'s instructions for search engines (robots.txt)',
    'sitemap.xml': 'the site map for search engines',
    staff: 'the staff area, which only staff can open',
  },
};

/** What the Worker's page addresses accept: a letter or digit, then letters, digits, ".", "_", "~" or "-". */
const SERVABLE_SLUG = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;

/** Why a page of this type and slug could never be shown, or null. */
function addressProblem(type, slug) {
  if (typeof slug !== 'string' || slug === '') return null;
  if (!SERVABLE_SLUG.test(slug)) {
    return `The slug "${slug}" cannot be a page address: start it with a letter or a digit, and use only letters, digits and . _ ~ - (at most 200 characters).`;
  }
  // Past 50,000 addresses the sitemap is split into /sitemap-1.xml, /sitemap-2.xml, …
  const taken = REFUSED[type]?.[slug] ?? (type === 'Root' && /^sitemap-[0-9]+\.xml$/.test(slug) ? 'a part of the site map for search engines' : undefined);
  if (taken) {
    const address = type === 'Root' ? `/${slug}` : `/${type.toLowerCase()}/${slug}`;
    return `The address ${address} is ${taken}, so a page there would never be shown. Choose another slug.`;
  }
  return null;
}

/**
 * Refuses, on create and update (from the admin panel or the REST API alike), a general page
 * whose address could never be shown. The admin panel shows the message under the slug field.
 */
function refuseUnshowableAddresses(strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== UID || (context.action !== 'create' && context.action !== 'update')) return next();
    const data = context.params?.data ?? {};
    let { type, slug } = data;
    if ((type === undefined || slug === undefined) && context.params?.documentId) {
      const current = await strapi.documents(UID).findOne({ documentId: context.params.documentId, fields: ['type', 'slug'] });
      type ??= current?.type;
      slug ??= current?.slug;
    }
    const problem = addressProblem(type ?? 'Root', slug);
    if (problem) {
      throw new errors.ValidationError(problem, { errors: [{ path: ['slug'], message: problem, name: 'ValidationError' }] });
    }
    return next();
  });
}

module.exports = { refuseUnshowableAddresses, addressProblem, REFUSED };
