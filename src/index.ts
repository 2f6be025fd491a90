import { env } from "cloudflare:workers";
import { createApp } from "./app";
import { type Bindings, type EmailQueueMessage, type JobQueueMessage, parseConfig } from "./env";
import { requestIdFor, withRequestId } from "./request-context";
import type { SearchQueueMessage } from "./services/search/indexer";

/** The cron and queue work, loaded on its first run: a request never needs it (decision 0067). */
const background = () => import("./background");

// Fail at startup, naming the variable, rather than deep inside a request.
parseConfig(env);

const app = createApp();

/** The content cache's Durable Objects (wrangler.toml [durable_objects]). */
export { ContentLoader } from "./objects/content-loader";
export { ContentPurger } from "./objects/content-purger";

export default {
  fetch: app.fetch,
  /**
   * The cron triggers (wrangler.toml [triggers]), told apart by their cron, each run as of the
   * trigger's scheduled time: the daily job (housekeeping, the membership year's lapses and
   * renewal reminders, webinar reminders and recording notices: services/maintenance/daily-job.ts),
   * and the e-mail sweep, which delivers outbox messages that are due or were left unfinished (and
 * runs the other ten-minute upkeep: stalled runs, exports, imports, bulk messages, events'
 * waiting-list offers, merged-away sign-in accounts Firebase has yet to disable).
   */
  scheduled(controller, bindings, ctx) {
    // A cron run has no Ray id: it gets its own, so its log lines can be told apart.
    return withRequestId(requestIdFor(null), async () => (await background()).runScheduled(controller, bindings, ctx));
  },
  /**
   * The queues' consumer (wrangler.toml [[queues.consumers]]): the e-mail delivery queue (one
   * outbox message id per message), the jobs queue (the rest of a membership-year run, or the
   * next step of a background export) and the search queue (documents to index again, a
   * rebuild's pages: services/search/indexer.ts).
   */
  queue(batch, bindings, ctx) {
    return withRequestId(requestIdFor(null), async () => (await background()).runQueue(batch, bindings, ctx));
  },
} satisfies ExportedHandler<Bindings, EmailQueueMessage | JobQueueMessage | SearchQueueMessage>;
