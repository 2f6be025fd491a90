/**
 * The public site's sections with pages of their own (events, webinars, the cart and checkout,
 * joining, Find a practitioner): src/app.ts imports this module on the first request for one of
 * their addresses, so an isolate that serves the home page, articles and the editors' pages never
 * loads these pages' routes and views (docs/decisions/0076). Their services are the public
 * site's, built as for every other public page. Like the member and staff areas it is a chunk of
 * the Worker's one module graph (scripts/build-worker.mjs), so React, AppError and the caches are
 * the same instance.
 */
import { Hono } from "hono";
import type { Sections } from "./app";
import { cartRoutes } from "./routes/cart";
import { cartCheckoutRoutes } from "./routes/cart-checkout";
import { eventRoutes } from "./routes/events";
import { findPractitionerRoutes } from "./routes/find-a-practitioner";
import { joinRoutes } from "./routes/join";
import { webinarRoutes } from "./routes/webinars";
import type { HonoEnv } from "./types";

/** Each section's routes, for the app to mount where they always were among the public routes. */
export function sections(): Sections {
  return {
    findPractitioner: findPractitionerRoutes,
    webinars: webinarRoutes,
    events: eventRoutes,
    cart: new Hono<HonoEnv>().route("/", cartRoutes).route("/", cartCheckoutRoutes),
    join: joinRoutes,
  };
}
