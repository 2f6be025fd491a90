import { env } from "cloudflare:workers";
import { createHousekeepingStore } from "./adapters/d1/housekeeping";
import { createApp } from "./app";
import { type Bindings, getConfig, parseConfig } from "./env";
import { log } from "./log";
import { runHousekeeping } from "./services/maintenance/housekeeping";

// Fail at startup, naming the variable, rather than deep inside a request.
parseConfig(env);

const app = createApp();

export default {
  fetch: app.fetch,
  /** The daily job (wrangler.toml [triggers]): deletes ended sessions and old purge-log rows. */
  async scheduled(_controller, bindings, ctx) {
    const config = getConfig(bindings);
    ctx.waitUntil(runHousekeeping({ store: createHousekeepingStore(config.bindings.db), now: Date.now, log }));
  },
} satisfies ExportedHandler<Bindings>;
