import { env } from "cloudflare:workers";
import { createApp } from "./app";
import { type Bindings, type EmailQueueMessage, getConfig, type JobQueueMessage, parseConfig } from "./env";
import { log } from "./log";
import { requestIdFor, withRequestId } from "./request-context";
import { backgroundEmail, dailyJob, membershipYearJobs, stalledYearRuns } from "./wiring/background";
import { continueImportCounted, memberImportJobs } from "./wiring/member-import";
import { publishedContent } from "./wiring/content";

/** wrangler.toml [triggers]: the daily job and the e-mail sweep. */
const CRONS = { daily: "17 3 * * *", emailSweep: "*/10 * * * *" } as const;
/** wrangler.toml [[queues.consumers]]: background jobs; every other queue is the e-mail delivery queue. */
const JOBS_QUEUE = "guildhall-jobs";

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
  /**
   * The queues' consumer (wrangler.toml [[queues.consumers]]): the e-mail delivery queue (one
   * outbox message id per message) and the jobs queue (the rest of a membership-year run).
   */
  queue(batch, bindings, ctx) {
    return withRequestId(requestIdFor(null), () => {
      const config = getConfig(bindings);
      const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
      if (batch.queue === JOBS_QUEUE) return runJobs(batch as MessageBatch<JobQueueMessage>, config, waitUntil);
      return backgroundEmail(config, waitUntil).deliverQueued((batch as MessageBatch<EmailQueueMessage>).messages);
    });
  },
} satisfies ExportedHandler<Bindings, EmailQueueMessage | JobQueueMessage>;

/** Each job message goes on with its run or import; one that throws is retried by the queue (the progress is in D1). */
async function runJobs(batch: MessageBatch<JobQueueMessage>, config: ReturnType<typeof getConfig>, waitUntil: (promise: Promise<unknown>) => void): Promise<void> {
  for (const message of batch.messages) {
    const { body } = message;
    try {
      if (body.job === "member-import") await continueImportCounted(config, publishedContent(config, waitUntil), backgroundEmail(config, waitUntil).outbox, body.importId);
      else await membershipYearJobs(config, waitUntil).continue(body.runAt);
      message.ack();
    } catch (error) {
      log.error("jobs.failed", { ...body, attempts: message.attempts, error });
      message.retry();
    }
  }
}

async function runScheduled(controller: ScheduledController, bindings: Bindings, ctx: ExecutionContext): Promise<void> {
  const config = getConfig(bindings);
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
  const at = new Date(controller.scheduledTime);
  if (controller.cron === CRONS.emailSweep) {
    await backgroundEmail(config, waitUntil).sweep(at);
    await stalledYearRuns(config).restart(at);
    await memberImportJobs(config, publishedContent(config, waitUntil), backgroundEmail(config, waitUntil).outbox).sweep(at);
    return;
  }
  if (controller.cron !== CRONS.daily) log.warn("scheduled.unknown_cron", { cron: controller.cron, ran: "daily" });
  await dailyJob(config, waitUntil).run(at);
}
