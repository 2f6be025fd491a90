import { applyD1Migrations, env } from "cloudflare:test";
import { afterEach, beforeAll, expect, vi } from "vitest";

beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});

// An unexpected console.error is a bug: tests that expect one spy on console.error themselves.
let unexpected: unknown[][] = [];
const original = console.error;
beforeAll(() => {
  console.error = (...args: unknown[]) => {
    unexpected.push(args);
    original(...args);
  };
});
afterEach(() => {
  const seen = unexpected;
  unexpected = [];
  vi.restoreAllMocks();
  expect(seen, "unexpected console.error during the test").toEqual([]);
});
