/** E-mail: the outbox, delivery, preferences and pauses; the same for a request, a queue batch and a cron run. */
import { createAuditLog } from "../adapters/d1/audit-log";
import { createEmailPauseStore } from "../adapters/d1/email-pause";
import { createEmailPreferenceStore } from "../adapters/d1/email-preferences";
import { createOutboxStore } from "../adapters/d1/outbox";
import { createDeliveryQueue } from "../adapters/email/delivery-queue";
import { createEmailSender } from "../adapters/email/email-sender";
import type { Config } from "../env";
import { loadEmailRenderer } from "../lazy-modules";
import { log } from "../log";
import type { ContentService } from "../services/content/content-service";
import { bulkMail } from "./messages";
import { createEmailServices, type EmailServices } from "../services/email/email-services";

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
    bulk: bulkMail(config),
  });
}
