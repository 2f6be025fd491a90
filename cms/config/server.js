'use strict';

const { devSecret } = require('../lib/dev-secrets');

module.exports = ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  // Uploaded media are written to <PUBLIC_DIR>/uploads; tests point it beside their temp database.
  dirs: {
    public: env('PUBLIC_DIR', './public'),
  },
  app: {
    keys: env.array('APP_KEYS', devSecret('APP_KEYS')),
  },
  // Editors and the launcher decide when to upgrade; nothing here may reach the network.
  logger: {
    updates: { enabled: false },
    startup: { enabled: true },
  },
});
