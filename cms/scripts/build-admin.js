'use strict';

/**
 * Builds the admin panel, like `strapi build`, for this plain-JavaScript project.
 *
 * `strapi build` looks for a tsconfig.json in the project *and every folder above it*; it finds
 * the Worker's tsconfig.json at the repository root, takes cms/ for a TypeScript project and
 * fails compiling it. This calls the same build function with no TypeScript config.
 * The paths are internal to @strapi/strapi, which package.json pins to an exact version.
 */
const path = require('path');

const strapiDir = path.dirname(require.resolve('@strapi/strapi/package.json'));
const { build } = require(path.join(strapiDir, 'dist', 'src', 'node', 'build.js'));
const { createLogger } = require(path.join(strapiDir, 'dist', 'src', 'cli', 'utils', 'logger.js'));

const logger = createLogger({ debug: process.argv.includes('--debug'), silent: false, timestamp: false });

build({
  cwd: path.join(__dirname, '..'),
  logger,
  tsconfig: undefined,
  bundler: 'vite',
  minify: true,
  sourcemap: false,
  stats: false,
}).catch((error) => {
  logger.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
