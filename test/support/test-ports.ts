/** Fixed loopback ports for the test stack, apart from the dev stack's 1337/8787/9099. */
export const TEST_PORTS = {
  cms: 1347,
  worker: 8797,
} as const;
