'use strict';

const { devSecret } = require('../lib/dev-secrets');

module.exports = ({ env }) => ({
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
      },
    },
  },
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET', devSecret('JWT_SECRET')),
    },
  },
});
