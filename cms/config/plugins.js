'use strict';

const { devSecret } = require('../lib/dev-secrets');

/**
 * Uploads: on disk in <PUBLIC_DIR>/uploads (local, the default), or in a Cloudflare R2 bucket
 * through Strapi's S3 provider (UPLOAD_PROVIDER=r2; lib/production-config.js names what is missing).
 * Either way a file keeps the name Strapi gives it (`<name>_<hash><ext>`): locally its URL is
 * `/uploads/<file>`, in R2 `<R2_PUBLIC_URL>/<file>` (no folder prefix), and the Worker maps both
 * to its own `/uploads/<file>` route (its CMS_MEDIA_URL is the same public URL).
 */
function uploadConfig(env) {
  if (env('UPLOAD_PROVIDER', 'local') !== 'r2') return {};
  return {
    config: {
      provider: 'aws-s3',
      providerOptions: {
        baseUrl: env('R2_PUBLIC_URL'),
        s3Options: {
          endpoint: env('R2_ENDPOINT'),
          region: 'auto',
          forcePathStyle: true,
          credentials: {
            accessKeyId: env('R2_ACCESS_KEY_ID'),
            secretAccessKey: env('R2_SECRET_ACCESS_KEY'),
          },
          // R2 has no object ACLs: a present but empty ACL stops the provider sending its
          // public-read default (access is the bucket's public URL setting).
          params: { Bucket: env('R2_BUCKET'), ACL: null },
        },
      },
      actionOptions: { upload: {}, uploadStream: {}, delete: {} },
    },
  };
}

module.exports = ({ env }) => ({
  upload: uploadConfig(env),
  graphql: {
    enabled: true,
    config: {
      endpoint: '/graphql',
      shadowCRUD: true,
      // The Worker reads `data.<name>.data.attributes` (the Strapi v4 response shape).
      v4CompatibilityMode: true,
      // No Apollo sandbox or landing page in any environment: the endpoint is for the Worker.
      landingPage: false,
      // Deep enough for page -> blocks -> cards -> linked page -> SEO -> image (about 10 levels).
      depthLimit: 12,
      defaultLimit: 100,
      // `pagination: { limit: -1 }` means "up to maxLimit": the Worker fetches every general page
      // in one query, so this is a ceiling on the site's page count, not a page size.
      maxLimit: 1000,
      apolloServer: {
        introspection: true,
        // Apollo adds stack traces to errors outside NODE_ENV=production; local runs are development.
        includeStacktraceInErrorResponses: false,
      },
    },
  },
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET', devSecret('JWT_SECRET')),
    },
  },
});
