import { env } from "cloudflare:workers";
import { createApp } from "./app";
import { type Bindings, type EmailQueueMessage, getConfig, type JobQueueMessage, parseConfig } from "./env";
import { log } from "./log";
import { requestIdFor, withRequestId } from "./request-context";
import { backgroundEmail, dailyJob, membershipYearJobs, stalledYearRuns, waitlistOffers, eventCancellationJobs } from "./wiring/background";
import { exportJobs, staffExports } from "./wiring/exports";
import { memberStateWords } from "./views/membership/member-state-words";
import { searchIndexer } from "./wiring/search";
import type { SearchQueueMessage } from "./services/search/indexer";
import { continueImportCounted, memberImportJobs } from "./wiring/member-import";
import { publishedContent } from "./wiring/content";
import { memberMessageJobs } from "./wiring/messages";

/** wrangler.toml [triggers]: the daily job and the e-mail sweep. */
const CRONS = { daily: "17 3 * * *", emailSweep: "*/10 * * * *" } as const;
/** wrangler.toml [[queues.consumers]]: background jobs and the search index; every other queue is the e-mail delivery queue. */
const JOBS_QUEUE = "guildhall-jobs";
const SEARCH_QUEUE = "guildhall-search";

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
 * waiting-list offers).
   */
  scheduled(controller, bindings, ctx) {
    // A cron run has no Ray id: it gets its own, so its log lines can be told apart.
    return withRequestId(requestIdFor(null), () => runScheduled(controller, bindings, ctx));
  },
  /**
   * The queues' consumer (wrangler.toml [[queues.consumers]]): the e-mail delivery queue (one
   * outbox message id per message), the jobs queue (the rest of a membership-year run, or the
   * next step of a background export) and the search queue (documents to index again, a
   * rebuild's pages: services/search/indexer.ts).
   */
  queue(batch, bindings, ctx) {
    return withRequestId(requestIdFor(null), () => {
      const config = getConfig(bindings);
      const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
      if (batch.queue === JOBS_QUEUE) return runJobs(batch as MessageBatch<JobQueueMessage>, config, waitUntil);
      if (batch.queue === SEARCH_QUEUE) return searchIndexer(config).consume(batch.messages);
      return backgroundEmail(config, waitUntil).deliverQueued((batch as MessageBatch<EmailQueueMessage>).messages);
    });
  },
} satisfies ExportedHandler<Bindings, EmailQueueMessage | JobQueueMessage | SearchQueueMessage>;

/** Each job message goes on with its run, export or import; one that throws is retried by the queue (the progress is in D1). */
async function runJobs(batch: MessageBatch<JobQueueMessage>, config: ReturnType<typeof getConfig>, waitUntil: (promise: Promise<unknown>) => void): Promise<void> {
  for (const message of batch.messages) {
    const { body } = message;
    try {
      if (body.job === "export") {
        await exportJobs(config, backgroundEmail(config, waitUntil).outbox, (entry) => memberStateWords(entry.state)).continue(body.exportId);
      } else if (body.job === "member-import") {
        await continueImportCounted(config, publishedContent(config, waitUntil), backgroundEmail(config, waitUntil).outbox, body.importId);
      } else if (body.job === "event-cancellation") {
        await eventCancellationJobs(config, waitUntil).continue(body.eventId);
      } else if (body.job === "member-message") {
        await memberMessageJobs(config).continue(body.messageId);
      } else {
        await membershipYearJobs(config, waitUntil).continue(body.runAt);
      }
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
    await staffExports(config).upkeep(at);
    await memberImportJobs(config, publishedContent(config, waitUntil), backgroundEmail(config, waitUntil).outbox).sweep(at);
    await memberMessageJobs(config).due(at);
    await eventCancellationJobs(config, waitUntil).sweep();
    await waitlistOffers(config, waitUntil).run(at);
    return;
  }
  if (controller.cron !== CRONS.daily) log.warn("scheduled.unknown_cron", { cron: controller.cron, ran: "daily" });
  await dailyJob(config, waitUntil).run(at);
}
