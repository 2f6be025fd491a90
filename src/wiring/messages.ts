/** Talking to members: consents, bulk messages and their fan-out; the same for a request, the jobs queue and the sweep. */
import { createAuditLog } from "../adapters/d1/audit-log";
import { audienceRegions } from "../adapters/d1/audience-regions";
import { createEmailPauseStore } from "../adapters/d1/email-pause";
import { createDeliveryEventStore } from "../adapters/d1/email-delivery-events";
import { createMemberConsentStore } from "../adapters/d1/member-consents";
import { createMemberMessageStore, createSuppressionStore } from "../adapters/d1/member-messages";
import { createMessageTopicStore } from "../adapters/d1/message-topics";
import { createDeliveryQueue } from "../adapters/email/delivery-queue";
import { createEmailSender } from "../adapters/email/email-sender";
import type { Config } from "../env";
import { log } from "../log";
import { createDeliveryEvents } from "../services/email/delivery-events";
import { createConsents } from "../services/messages/consents";
import { createBulkMail, createMessages } from "../services/messages/messages-service";
import { createTopics } from "../services/messages/topics";

/** Recipients per fan-out page and pages per invocation (docs/engineering.md, "Talking to members"). */
const PAGE_SIZE = 1000;
const PAGES_PER_RUN = 20;

export function consentServices(config: Config) {
  const { db } = config.bindings;
  return createConsents({
    store: createMemberConsentStore(db),
    batch: (statements) => db.batch(statements),
    countUnsubscribe: (messageId) => createMemberMessageStore(db).countUnsubscribe(messageId),
    secret: config.auth.sessionSecret,
    siteUrl: config.site.url,
    now: () => new Date(),
    log,
  });
}

/** What delivery needs for bulk e-mails (wired into the e-mail services). */
export function bulkMail(config: Config) {
  const { db } = config.bindings;
  return createBulkMail({ store: createMemberMessageStore(db), suppressions: createSuppressionStore(db), consents: consentServices(config), site: config.site });
}

export function messageServices(config: Config) {
  const { db, emailQueue, jobsQueue, email } = config.bindings;
  const store = createMemberMessageStore(db);
  const queue = createDeliveryQueue(emailQueue);
  return createMessages({
    store,
    suppressions: createSuppressionStore(db),
    deliveryEvents: createDeliveryEventStore(db),
    regions: (limit) => audienceRegions(db, limit),
    consents: consentServices(config),
    audit: createAuditLog(db),
    batch: (statements) => db.batch(statements),
    fanOut: {
      store,
      pauses: createEmailPauseStore(db),
      deliverSoon: async (ids) => {
        try {
          await queue.enqueue(ids);
        } catch (error) {
          log.warn("email.enqueue_failed", { count: ids.length, error, next: "the sweep sends them" });
        }
      },
      continueLater: async (messageId) => void (await jobsQueue.send({ job: "member-message", messageId })),
      pageSize: PAGE_SIZE,
      pagesPerRun: PAGES_PER_RUN,
      log,
    },
    sender: createEmailSender(email),
    from: config.email.from,
    replyTo: config.email.replyTo,
    site: config.site,
    newId: () => crypto.randomUUID(),
    now: () => new Date(),
    log,
  });
}

export function topicServices(config: Config) {
  const { db } = config.bindings;
  return createTopics({ store: createMessageTopicStore(db), audit: createAuditLog(db), batch: (statements) => db.batch(statements), now: () => new Date() });
}

/** The jobs queue's and the sweep's part: going on with fan-outs. */
export function memberMessageJobs(config: Config) {
  const messages = messageServices(config);
  return { continue: (messageId: string) => messages.fanOut(messageId), due: (at: Date) => messages.fanOutDue(at) };
}

/** Bounce and complaint reports (POST /api/email/events). */
export function deliveryEventServices(config: Config) {
  const { db } = config.bindings;
  return createDeliveryEvents({
    secret: config.email.eventsSecret,
    events: createDeliveryEventStore(db),
    suppressions: createSuppressionStore(db),
    batch: (statements) => db.batch(statements),
    now: () => new Date(),
    log,
  });
}
