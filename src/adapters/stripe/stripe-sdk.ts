/**
 * The Stripe SDK on its own: the entry of a lazily loaded module (src/lazy-modules.ts,
 * scripts/build-worker-modules.mjs). It is about a fifth of the Worker's code and only payment
 * paths use it, so a page view never loads it. Nothing of the app's own is bundled with it.
 */
export { default as Stripe } from "stripe";
