/**
 * Security headers for every response the Worker renders: a strict Content-Security-Policy
 * (scripts only from the site itself plus React's streaming boundary scripts, which carry the
 * per-response nonce), no MIME sniffing, a strict referrer policy, no framing.
 * Embeds render in sandboxed srcdoc iframes, which inherit this policy, so `frame-src` lists the
 * providers whose players editors may embed.
 */
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { HonoEnv } from "../../types";

const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

export const EMBED_PROVIDERS = [
  "https://www.youtube-nocookie.com",
  "https://www.youtube.com",
  "https://player.vimeo.com",
  "https://www.google.com",
  "https://docs.google.com",
  "https://www.slideshare.net",
  "https://e.issuu.com",
] as const;

/** Where the browser's Firebase SDK may connect: Google's auth endpoints, or the local emulator. */
function firebaseOrigins(emulatorHost: string | null): string[] {
  return emulatorHost ? [`http://${emulatorHost}`] : ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"];
}

/**
 * Where a form may lead: this site, and the payment pages a form's redirect goes to (Stripe
 * Checkout and the billing portal; browsers apply form-action to the redirect too).
 */
function policyFor(emulatorHost: string | null, paymentOrigins: readonly string[]) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Turnstile, the bot check on the practitioner contact form, loads its script and frame from Cloudflare.
      scriptSrc: ["'self'", NONCE, TURNSTILE_ORIGIN],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...firebaseOrigins(emulatorHost)],
      frameSrc: ["'self'", ...EMBED_PROVIDERS, TURNSTILE_ORIGIN],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", ...paymentOrigins],
      frameAncestors: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    strictTransportSecurity: "max-age=63072000; includeSubDomains",
    // Find a practitioner's "near me" may ask the browser for its location (only this site's pages).
    permissionsPolicy: { camera: [], microphone: [], geolocation: ["self"], payment: ["self"] },
  });
}

/**
 * Embedded snippets (routes/embeds.tsx): always sandboxed into an opaque origin, framed only by
 * this site, free to use https resources and their own inline styles and scripts.
 */
export const EMBED_POLICY = [
  "sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox",
  "default-src 'none'",
  "script-src https: 'unsafe-inline'",
  "style-src https: 'unsafe-inline'",
  "img-src https: data:",
  "media-src https:",
  "font-src https: data:",
  "frame-src https:",
  "connect-src https:",
  "frame-ancestors 'self'",
].join("; ");

/**
 * A message's HTML in the local mailbox (routes/dev-mailbox.tsx): e-mail HTML needs inline
 * styles; no scripts, never framed. Sandboxed but kept same-origin so the site's own images (the
 * logo) load as they would in a mail client.
 */
const MAILBOX_MESSAGE_POLICY = "sandbox allow-same-origin; default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; frame-ancestors 'none'";
const MAILBOX_MESSAGE = /^\/dev\/mailbox\/[^/]+\/html$/;

/**
 * A bulk message's HTML as its readers get it (routes/staff-messages.tsx), framed by its preview
 * page: e-mail HTML styles itself inline, so it gets the mailbox's sandbox, but framed by this
 * site only.
 */
const MESSAGE_PREVIEW_POLICY = "sandbox allow-same-origin; default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; frame-ancestors 'self'";
const MESSAGE_PREVIEW = /^\/staff\/messages\/[^/]+\/preview\/html$/;

/**
 * An applicant's document (a PDF or image whose type its bytes proved): nothing in it may run or
 * load anything, and only this site's own review page may frame it (a PDF is shown inline there).
 */
const APPLICANT_DOCUMENT_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
const APPLICANT_DOCUMENT = /^\/(?:staff\/applications\/[^/]+|user\/membership)\/documents\/[^/]+$/;

/** The door's check-in page reads tickets' QR codes with the phone's camera: the one page that may ask for it. */
const CAMERA_PAGE = /^\/staff\/events\/[^/]+\/check-in$/;

export function securityHeaders(): MiddlewareHandler<HonoEnv> {
  const policies = new Map<string, MiddlewareHandler>();
  return async function securityHeaders(c, next) {
    const emulatorHost = c.var.config.auth.emulatorHost;
    const paymentOrigins = c.var.config.stripe?.redirectOrigins ?? [];
    const key = `${emulatorHost} ${paymentOrigins.join(" ")}`;
    let policy = policies.get(key);
    if (!policy) {
      policy = policyFor(emulatorHost, paymentOrigins);
      policies.set(key, policy);
    }
    await policy(c, next);
    // Media keep their own, stricter policy (see routes/media.ts); embeds their own sandbox.
    if (c.req.path.startsWith("/uploads/")) {
      c.res.headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    } else if (c.req.path.startsWith("/embeds/") && c.res.ok) {
      c.res.headers.set("Content-Security-Policy", EMBED_POLICY);
      c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
      c.res.headers.set("Cross-Origin-Resource-Policy", "same-origin");
    } else if (APPLICANT_DOCUMENT.test(c.req.path) && c.res.ok) {
      c.res.headers.set("Content-Security-Policy", APPLICANT_DOCUMENT_POLICY);
      c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
    } else if (MESSAGE_PREVIEW.test(c.req.path) && c.res.ok) {
      c.res.headers.set("Content-Security-Policy", MESSAGE_PREVIEW_POLICY);
      c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
    } else if (MAILBOX_MESSAGE.test(c.req.path) && c.res.ok) {
      c.res.headers.set("Content-Security-Policy", MAILBOX_MESSAGE_POLICY);
    } else if (CAMERA_PAGE.test(c.req.path)) {
      c.res.headers.set("Permissions-Policy", (c.res.headers.get("Permissions-Policy") ?? "").replace("camera=()", "camera=(self)"));
    }
  };
}
