/**
 * The signature on a delivery-event report (POST /api/email/events): the header
 * `Guildhall-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under
 * EMAIL_EVENTS_SECRET, the scheme Stripe's webhooks use. The time is signed with the body, and a
 * report older or newer than five minutes is refused, so a captured request cannot be replayed later.
 */
const encoder = new TextEncoder();
export const SIGNATURE_HEADER = "Guildhall-Signature";
const TOLERANCE_SECONDS = 300;

const hmacKey = (secret: string) => crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

function fromHex(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g)!.map((pair) => parseInt(pair, 16)));
}

/** The header value for `body` at `at` (what a sender computes; tests and the operators' guide use it). */
export async function signEventReport(secret: string, body: string, at: Date): Promise<string> {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${toHex(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(`${t}.${body}`)))}`;
}

/** Null when the header signs this body within the tolerance; otherwise why not. */
export async function signatureProblem(secret: string, body: string, header: string | undefined, now: Date): Promise<string | null> {
  if (!header) return `The ${SIGNATURE_HEADER} header is missing`;
  const parts = new Map(header.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const signature = fromHex(parts.get("v1") ?? "");
  if (!Number.isInteger(t) || !signature) return `The ${SIGNATURE_HEADER} header is not t=<seconds>,v1=<hex>`;
  if (Math.abs(now.getTime() / 1000 - t) > TOLERANCE_SECONDS) return "The signature's time is more than five minutes away";
  // SubtleCrypto's verify compares in constant time.
  const good = await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, encoder.encode(`${t}.${body}`));
  return good ? null : "The signature does not match";
}
