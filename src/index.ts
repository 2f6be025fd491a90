import { env } from "cloudflare:workers";
import { createApp } from "./app";
import { type Bindings, type EmailQueueMessage, getConfig, parseConfig } from "./env";
import { log } from "./log";
import { requestIdFor, withRequestId } from "./request-context";
import { dailyJob } from "./middleware/init/daily-job";
import { backgroundContent, emailServices } from "./middleware/init/email";

/** wrangler.toml [triggers]: the daily job and the e-mail sweep. */
const CRONS = { daily: "17 3 * * *", emailSweep: "*/10 * * * *" } as const;

// Fail at startup, naming the variable, rather than deep inside a request.
parseConfig(env);

const app = createApp();

export default {
  fetch: app.fetch,
  /**
   * The cron triggers (wrangler.toml [triggers]), told apart by their cron, each run as of the
   * trigger's scheduled time: the daily job (housekeeping, the membership year's lapses and
   * renewal reminders, webinar reminders and recording notices: services/maintenance/daily-job.ts),
   * and the e-mail sweep, which delivers outbox messages that are due or were left unfinished.
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
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
  const at = new Date(controller.scheduledTime);
  if (controller.cron === CRONS.emailSweep) {
    await emailServices(config, backgroundContent(config, waitUntil)).sweep(at);
    return;
  }
  if (controller.cron !== CRONS.daily) log.warn("scheduled.unknown_cron", { cron: controller.cron, ran: "daily" });
  await dailyJob(config, waitUntil).run(at);
}
