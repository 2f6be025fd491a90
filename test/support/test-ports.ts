/**
 * Fixed loopback ports for the test stack, apart from the dev stack's 1337/8787/9099.
 * TEST_PORT_OFFSET shifts them all, so two test runs can share a machine.
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);

export const TEST_PORTS = {
  cms: 1347 + offset,
  worker: 8797 + offset,
  /** The volume project's own CMS (test/support/volume-setup.ts). */
  volumeCms: 1350 + offset,
  firebase: 9199 + offset,
  /** The production-path tests (test/production): PostgreSQL, the two CMSes compared on it, the bundled Worker. */
  postgres: 5442 + offset,
  postgresCms: 2347 + offset,
  sqliteCms: 2348 + offset,
  productionWorker: 2349 + offset,
} as const;
