/**
 * Where to send a user after signing in: only a path on this site (an absolute URL on this
 * site's origin is reduced to its path). Anything else — another host (`//evil`, `/\evil`,
 * `https://evil`), another scheme (`javascript:`), or an encoded or whitespace-hidden form of
 * those — falls back to `/`.
 */
export const DEFAULT_CALLBACK_URL = "/";

// Browsers drop tabs and newlines in URLs and read "\" as "/", so none may appear raw; once
// decoded, control characters and backslashes are still refused (an encoded space is fine).
const SUSPICIOUS = /[\u0000-\u001f\u007f\s\\]/;
const SUSPICIOUS_DECODED = /[\u0000-\u001f\u007f\\]/;

export function safeCallbackUrl(raw: string | null | undefined, siteOrigin: string): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048 || SUSPICIOUS.test(raw)) return DEFAULT_CALLBACK_URL;
  const decoded = fullyDecoded(raw);
  if (decoded === null || SUSPICIOUS_DECODED.test(decoded)) return DEFAULT_CALLBACK_URL;

  const origin = new URL(siteOrigin).origin;
  const relative = raw.startsWith("/");
  if (!relative && !raw.startsWith(`${origin}/`)) return DEFAULT_CALLBACK_URL;
  if (relative && (raw.startsWith("//") || decoded.startsWith("//"))) return DEFAULT_CALLBACK_URL;

  let url: URL;
  try {
    url = new URL(raw, `${origin}/`);
  } catch {
    return DEFAULT_CALLBACK_URL;
  }
  if (url.origin !== origin) return DEFAULT_CALLBACK_URL;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("/") && !path.startsWith("//") ? path : DEFAULT_CALLBACK_URL;
}

/** Percent-decoded until stable (at most three rounds); null when malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}
