/** True when the request prefers JSON to HTML (an island's fetch); a browser's own form post never does. */
export function wantsJson(accept: string | undefined): boolean {
  return /^application\/json\b/.test(accept?.trim() ?? "");
}
