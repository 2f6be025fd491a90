/** Builds the Hono app: middleware order, routes and the one error handler. */
import { reactRenderer } from "@hono/react-renderer";
import { Hono } from "hono";
import { errorHandler } from "./middleware/error-handler";
import { init } from "./middleware/init";
import { cachePurgeRoutes } from "./routes/cache-purge";
import { homeRoutes } from "./routes/home";
import { AppError } from "./errors";
import type { HonoEnv } from "./types";

export function createApp() {
  const app = new Hono<HonoEnv>();
  app.use(init());
  app.use(reactRenderer(undefined, { stream: { "Content-Type": "text/html; charset=UTF-8" } }));
  app.route("/", cachePurgeRoutes);
  app.route("/", homeRoutes);
  app.notFound((c) => errorHandler(new AppError("NOT_FOUND", "No page at this address"), c));
  app.onError(errorHandler);
  return app;
}
