/**
 * Builds the e-mail services from the validated configuration: for a request (init), and for
 * the queue consumer and the scheduled sweep (src/index.ts), which have no request.
 */
import { createCmsClient } from "../../adapters/cms/client";
import { createAuditLog } from "../../adapters/d1/audit-log";
import { createEmailPauseStore } from "../../adapters/d1/email-pause";
import { createEmailPreferenceStore } from "../../adapters/d1/email-preferences";
import { createOutboxStore } from "../../adapters/d1/outbox";
import { createDeliveryQueue } from "../../adapters/email/delivery-queue";
import { createEmailSender } from "../../adapters/email/email-sender";
import { createKvCacheStore } from "../../adapters/kv/cache-store";
import type { Config } from "../../env";
import { loadEmailRenderer } from "../../lazy-modules";
import { log } from "../../log";
import { createContentService, type ContentService } from "../../services/content/content-service";
import { createEmailServices, type EmailServices } from "../../services/email/email-services";

/** The content service outside a request (queue, scheduled): the same CMS client and cache. */
export function backgroundContent(config: Config, waitUntil: (promise: Promise<unknown>) => void): ContentService {
  return createContentService({
    cms: createCmsClient(config.cms),
    cache: { store: createKvCacheStore(config.bindings.contentCache), policy: config.cache, now: Date.now, waitUntil, log },
    log,
  });
}

/** Everything e-mail for one request, queue batch or scheduled run, from the validated configuration. */
export function emailServices(config: Config, content: Pick<ContentService, "layout">): EmailServices {
  const { db, email, emailQueue } = config.bindings;
  return createEmailServices({
    outbox: createOutboxStore(db),
    pauses: createEmailPauseStore(db),
    preferences: createEmailPreferenceStore(db),
    audit: createAuditLog(db),
    queue: createDeliveryQueue(emailQueue),
    sender: createEmailSender(email),
    render: async (message) => (await loadEmailRenderer()).renderEmail(message),
    layout: () => content.layout(),
    batch: (statements) => db.batch(statements),
    site: config.site,
    from: config.email.from,
    replyTo: config.email.replyTo,
    secret: config.auth.sessionSecret,
    newId: () => crypto.randomUUID(),
    now: () => new Date(),
    log,
  });
}
