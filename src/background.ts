/**
 * The Worker's cron and queue work (src/index.ts hands each run here): loaded on the first run in
 * an isolate, since no request needs it, with the staff area's services it continues (imports,
 * exports, an event's cancellation) kept out of what the Worker loads at start-up (decision 0067).
 */
import { type Bindings, type EmailQueueMessage, getConfig, type JobQueueMessage } from "./env";
import { log } from "./log";
import type { SearchQueueMessage } from "./services/search/indexer";
import { registerStateWords } from "./views/membership/member-state-words";
import { backgroundEmail, dailyJob, eventCancellationJobs, membershipYearJobs, stalledYearRuns, waitlistOffers } from "./wiring/background";
import { publishedContent } from "./wiring/content";
import { exportJobs, staffExports } from "./wiring/exports";
import { continueImportCounted, memberImportJobs } from "./wiring/member-import";
import { memberMessageJobs } from "./wiring/messages";
import { searchIndexer } from "./wiring/search";
import { memberMerge } from "./wiring/member-merge";

/** wrangler.toml [triggers]: the daily job and the e-mail sweep. */
const CRONS = { daily: "17 3 * * *", emailSweep: "*/10 * * * *" } as const;
/** wrangler.toml [[queues.consumers]]: background jobs and the search index; every other queue is the e-mail delivery queue. */
const JOBS_QUEUE = "guildhall-jobs";
const SEARCH_QUEUE = "guildhall-search";

/** One batch from a queue, told apart by the queue's name. */
export function runQueue(batch: MessageBatch<EmailQueueMessage | JobQueueMessage | SearchQueueMessage>, bindings: Bindings, ctx: ExecutionContext): Promise<void> {
  const config = getConfig(bindings);
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
  if (batch.queue === JOBS_QUEUE) return runJobs(batch as MessageBatch<JobQueueMessage>, config, waitUntil);
  if (batch.queue === SEARCH_QUEUE) return searchIndexer(config).consume(batch.messages);
  return backgroundEmail(config, waitUntil).deliverQueued((batch as MessageBatch<EmailQueueMessage>).messages);
}

/** Each job message goes on with its run, export or import; one that throws is retried by the queue (the progress is in D1). */
async function runJobs(batch: MessageBatch<JobQueueMessage>, config: ReturnType<typeof getConfig>, waitUntil: (promise: Promise<unknown>) => void): Promise<void> {
  for (const message of batch.messages) {
    const { body } = message;
    try {
      if (body.job === "export") {
        await exportJobs(config, backgroundEmail(config, waitUntil).outbox, registerStateWords).continue(body.exportId);
      } else if (body.job === "member-import") {
        await continueImportCounted(config, publishedContent(config, waitUntil), backgroundEmail(config, waitUntil).outbox, body.importId);
      } else if (body.job === "event-cancellation") {
        await eventCancellationJobs(config, waitUntil).continue(body.eventId);
      } else if (body.job === "event-places") {
        await waitlistOffers(config, waitUntil).check({ eventId: body.eventId, ...(body.notBefore ? { notBefore: body.notBefore } : {}) }, new Date());
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

export async function runScheduled(controller: ScheduledController, bindings: Bindings, ctx: ExecutionContext): Promise<void> {
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
    await memberMerge(config, () => crypto.randomUUID()).retryAccountDisables();
    return;
  }
  if (controller.cron !== CRONS.daily) log.warn("scheduled.unknown_cron", { cron: controller.cron, ran: "daily" });
  await dailyJob(config, waitUntil).run(at);
}
