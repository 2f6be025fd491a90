// An unexpected console.error is a bug: tests that expect one spy on console.error themselves.
import { afterAll, afterEach, beforeAll, expect, vi } from "vitest";

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
// Unit files share one runtime (no isolation), so each file puts the original back.
afterAll(() => {
  console.error = original;
});
