'use strict';

/**
 * Strapi's security headers as they come, except that with R2 uploads the admin panel's media
 * library may show images and files from the bucket's public URL.
 */
function security(env) {
  const publicUrl = env('UPLOAD_PROVIDER', 'local') === 'r2' ? env('R2_PUBLIC_URL', '') : '';
  if (!URL.canParse(publicUrl)) return 'strapi::security';
  const origin = new URL(publicUrl).origin;
  return {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // Strapi's own defaults, plus the bucket.
          'img-src': ["'self'", 'data:', 'blob:', 'https://market-assets.strapi.io', origin],
          'media-src': ["'self'", 'data:', 'blob:', origin],
          upgradeInsecureRequests: null,
        },
      },
    },
  };
}

module.exports = ({ env }) => [
  'strapi::logger',
  'strapi::errors',
  security(env),
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
