/**
 * Code that only some requests need, loaded on first use rather than with the Worker. Each
 * module is bundled on its own by scripts/build-worker-modules.mjs into src/generated/ and
 * uploaded beside the Worker (wrangler.toml [[rules]]). The specifier is a variable so that the
 * Worker's bundler leaves the import to run time instead of inlining the module; it is resolved
 * from this file, which sits beside the Worker's entry point in the uploaded bundle as in src/.
 */
import type * as RichText from "./adapters/cms/rich-text-pipeline";
import type * as EmailRenderer from "./views/email/render-email";
import type * as StripeSdk from "./adapters/stripe/stripe-sdk";
import type * as CmsTransport from "./adapters/cms/graphql-transport";

const RICH_TEXT = "./generated/rich-text.js";
const EMAIL = "./generated/email.js";
const STRIPE = "./generated/stripe.js";
const CMS_TRANSPORT = "./generated/cms-transport.js";

let richText: Promise<typeof RichText> | undefined;
let email: Promise<typeof EmailRenderer> | undefined;
let stripe: Promise<typeof StripeSdk> | undefined;
let cmsTransport: Promise<typeof CmsTransport> | undefined;

/** The Markdown -> sanitised HTML pipeline (needed only when a CMS response is mapped). */
export function loadRichText(): Promise<typeof RichText> {
  richText ??= import(/* @vite-ignore */ RICH_TEXT) as Promise<typeof RichText>;
  return richText;
}

/** The e-mail templates and their renderer (needed only when a message is delivered or previewed). */
export function loadEmailRenderer(): Promise<typeof EmailRenderer> {
  email ??= import(/* @vite-ignore */ EMAIL) as Promise<typeof EmailRenderer>;
  return email;
}

/** The Stripe SDK (needed only by payment paths: Checkout, webhooks, refunds, the portal). */
export function loadStripeSdk(): Promise<typeof StripeSdk> {
  stripe ??= import(/* @vite-ignore */ STRIPE) as Promise<typeof StripeSdk>;
  return stripe;
}

/** graphql-request and the GraphQL parser (needed only when the CMS is asked: a cache miss or a preview). */
export function loadCmsTransport(): Promise<typeof CmsTransport> {
  cmsTransport ??= import(/* @vite-ignore */ CMS_TRANSPORT) as Promise<typeof CmsTransport>;
  return cmsTransport;
}
