'use strict';

const path = require('path');

/**
 * SQLite (a file in cms/) for development and tests; PostgreSQL in production.
 * Postgres is configured either by one DATABASE_URL or by the separate host, port, name, user and
 * password variables; DATABASE_SSL turns on TLS (certificates are verified unless
 * DATABASE_SSL_REJECT_UNAUTHORIZED=false, for a provider with a private CA given in DATABASE_SSL_CA).
 */
module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');

  if (client === 'sqlite') {
    return {
      connection: {
        client: 'sqlite',
        connection: {
          // Relative paths are taken from cms/, so tests can pass a temp file and dev keeps .tmp/data.db.
          filename: path.resolve(__dirname, '..', env('DATABASE_FILENAME', '.tmp/data.db')),
        },
        useNullAsDefault: true,
      },
    };
  }

  if (client === 'postgres') {
    const ssl = env.bool('DATABASE_SSL', false)
      ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true), ca: env('DATABASE_SSL_CA', undefined) }
      : false;
    const url = env('DATABASE_URL', '');
    return {
      connection: {
        client: 'postgres',
        connection: {
          ...(url
            ? { connectionString: url }
            : {
                host: env('DATABASE_HOST', '127.0.0.1'),
                port: env.int('DATABASE_PORT', 5432),
                database: env('DATABASE_NAME', 'guildhall'),
                user: env('DATABASE_USERNAME', 'guildhall'),
                password: env('DATABASE_PASSWORD', ''),
              }),
          ssl,
          schema: env('DATABASE_SCHEMA', 'public'),
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
      },
    };
  }

  throw new Error(`DATABASE_CLIENT must be "sqlite" or "postgres", not "${client}".`);
};
