import { env } from "cloudflare:workers";
import { createApp } from "./app";
import { type Bindings, parseConfig } from "./env";

// Fail at startup, naming the variable, rather than deep inside a request.
parseConfig(env);

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Bindings>;
