/**
 * Cache keys are `content:v3:{operation}:{sha-256 of the variables}`, or
 * `content:v3:derived:{name}` for values derived from other content. Bump the version when the
 * mapped domain shape or the entry's own shape changes so old entries are never read (v3: entries
 * carry their generation, decision 0048).
 */
export const CACHE_KEY_VERSION = "v3";

export const operationPrefix = (operation: string): string => `content:${CACHE_KEY_VERSION}:${operation}:`;

/**
 * Values computed from several operations' content (the content service's `derived`) live under
 * one prefix, and belong to the generation every purge moves, whatever model changed.
 */
export const derivedKey = (name: string): string => `${operationPrefix("derived")}${name}`;

// Keys are pure functions of their input; most pages ask for the same few, so remember them.
const memo = new Map<string, string>();
const MEMO_LIMIT = 1000;

export async function cacheKey(operation: string, variables: Record<string, unknown>): Promise<string> {
  const input = `${operation}\u0000${stableStringify(variables)}`;
  const known = memo.get(input);
  if (known) return known;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(stableStringify(variables)));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const key = `${operationPrefix(operation)}${hex}`;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(input, key);
  return key;
}

/** JSON with object keys sorted at every depth, so equal variables give equal keys. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
