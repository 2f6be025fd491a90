/** Builds the Hono app: middleware order, routes and the one error handler. */
import { Hono } from "hono";
import { AppError } from "./errors";
import { errorHandler } from "./middleware/error-handler";
import { init } from "./middleware/init";
import { renderer } from "./middleware/renderer";
import { securityHeaders } from "./middleware/security-headers";
import { articleRoutes } from "./routes/articles";
import { cachePurgeRoutes } from "./routes/cache-purge";
import { homeRoutes } from "./routes/home";
import { mediaRoutes } from "./routes/media";
import { membershipRoutes } from "./routes/memberships";
import { generalPageRoutes } from "./routes/pages";
import { seoFileRoutes } from "./routes/seo-files";
import { webinarRoutes } from "./routes/webinars";
import type { HonoEnv } from "./types";

export function createApp() {
  const app = new Hono<HonoEnv>();
  app.use(securityHeaders());
  app.use(init());
  app.use(renderer());

  app.route("/", cachePurgeRoutes);
  app.route("/", mediaRoutes);
  app.route("/", seoFileRoutes);
  app.route("/", homeRoutes);
  app.route("/", articleRoutes);
  app.route("/", webinarRoutes);
  app.route("/", membershipRoutes);
  // Last: general pages match any /{slug} and /{type}/{slug} the routes above did not take.
  app.route("/", generalPageRoutes);

  app.notFound((c) => errorHandler(new AppError("NOT_FOUND", "No page at this address"), c));
  app.onError(errorHandler);
  return app;
}
