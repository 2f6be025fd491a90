'use strict';

/**
 * Where the admin panel's "Open preview" button leads: the Worker's `/api/preview` with the
 * shared PREVIEW_SECRET, the entry's address on the site and whether it is the draft or the
 * published version. The Worker checks the secret, sets a short-lived preview cookie and shows
 * the page with drafts. Addresses follow the site's link rule (src/shared/links.ts in the Worker).
 */

const segment = (value) => encodeURIComponent(value);

/** The site address of an entry, or null when it has no page of its own. */
async function entryPath(strapi, uid, documentId, status) {
  const find = (fields) => strapi.documents(uid).findOne({ documentId, status, fields });
  switch (uid) {
    case 'api::general-page.general-page': {
      const page = await find(['type', 'slug']);
      if (!page?.slug) return null;
      return page.type === 'Root' ? `/${segment(page.slug)}` : `/${segment(String(page.type).toLowerCase())}/${segment(page.slug)}`;
    }
    case 'api::article.article': {
      const article = await find(['slug']);
      return article?.slug ? `/articles/${segment(article.slug)}` : null;
    }
    case 'api::webinar.webinar': {
      const webinar = await find(['slug']);
      return webinar?.slug ? `/webinars/${segment(webinar.slug)}` : null;
    }
    case 'api::webinar-bundle.webinar-bundle': {
      const bundle = await find(['slug']);
      return bundle?.slug ? `/webinars/bundles/${segment(bundle.slug)}` : null;
    }
    case 'api::membership.membership': {
      const membership = await find(['slug']);
      return membership?.slug ? `/professionals/join-${segment(membership.slug)}` : null;
    }
    case 'api::join-page.join-page':
      return '/join';
    // The home page, and the layout shown on every page (global, SEO, navigation, sidebar, footer).
    case 'api::homepage.homepage':
    case 'api::global.global':
    case 'api::global-seo.global-seo':
    case 'api::navigation.navigation':
    case 'api::sidebar.sidebar':
    case 'api::footer.footer':
      return '/';
    default:
      return null;
  }
}

/**
 * The admin panel's preview settings (config/admin.js): on only when both the site's address and
 * the preview secret are configured.
 */
function previewConfig({ siteUrl, secret }) {
  const enabled = Boolean(siteUrl && secret);
  return {
    enabled,
    config: {
      allowedOrigins: enabled ? [new URL(siteUrl).origin] : [],
      async handler(uid, { documentId, status }) {
        const path = await entryPath(globalThis.strapi, uid, documentId, status);
        if (path === null) return null;
        const url = new URL('/api/preview', siteUrl);
        url.searchParams.set('secret', secret);
        url.searchParams.set('url', path);
        url.searchParams.set('status', status === 'published' ? 'published' : 'draft');
        return url.href;
      },
    },
  };
}

module.exports = { previewConfig, entryPath };
