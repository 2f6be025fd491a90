import { env } from "cloudflare:workers";
import { createHousekeepingStore } from "./adapters/d1/housekeeping";
import { createApp } from "./app";
import { type Bindings, type EmailQueueMessage, getConfig, parseConfig } from "./env";
import { log } from "./log";
import { requestIdFor, withRequestId } from "./request-context";
import { backgroundContent, emailServices } from "./middleware/init/email";
import { runHousekeeping } from "./services/maintenance/housekeeping";

/** wrangler.toml [triggers]: the daily housekeeping and the e-mail sweep. */
const CRONS = { housekeeping: "17 3 * * *", emailSweep: "*/10 * * * *" } as const;

// Fail at startup, naming the variable, rather than deep inside a request.
parseConfig(env);

const app = createApp();

export default {
  fetch: app.fetch,
  /**
   * The cron triggers (wrangler.toml [triggers]), told apart by their cron: the daily
   * housekeeping (ended sessions, old purge-log rows), and the e-mail sweep, which delivers
   * outbox messages that are due (as of the trigger's scheduled time) or were left unfinished.
   */
  scheduled(controller, bindings, ctx) {
    // A cron run has no Ray id: it gets its own, so its log lines can be told apart.
    return withRequestId(requestIdFor(null), () => runScheduled(controller, bindings, ctx));
  },
  /** The e-mail delivery queue's consumer (wrangler.toml [[queues.consumers]]): one outbox message id per message. */
  queue(batch, bindings, ctx) {
    return withRequestId(requestIdFor(null), () => {
      const config = getConfig(bindings);
      const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
      return emailServices(config, backgroundContent(config, waitUntil)).deliverQueued(batch.messages);
    });
  },
} satisfies ExportedHandler<Bindings, EmailQueueMessage>;

async function runScheduled(controller: ScheduledController, bindings: Bindings, ctx: ExecutionContext): Promise<void> {
  const config = getConfig(bindings);
  if (controller.cron === CRONS.emailSweep) {
    const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
    await emailServices(config, backgroundContent(config, waitUntil)).sweep(new Date(controller.scheduledTime));
    return;
  }
  if (controller.cron !== CRONS.housekeeping) log.warn("scheduled.unknown_cron", { cron: controller.cron, ran: "housekeeping" });
  ctx.waitUntil(runHousekeeping({ store: createHousekeepingStore(config.bindings.db), now: Date.now, log }));
}
