/**
 * Everything e-mail, built once per request or per queue batch and scheduled run by the composition
 * root (src/wiring/email.ts): writing messages, delivering them, readers' preferences, and what staff
 * and the local mailbox see.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { EmailPauseStore, SendingPause } from "../../adapters/d1/email-pause";
import type { EmailPreferenceStore } from "../../adapters/d1/email-preferences";
import type { OutboxMessage, OutboxStore } from "../../adapters/d1/outbox";
import type { EmailKind, OutboxStatus } from "../../domain/email";
import type { DeliveryQueue } from "../../adapters/email/delivery-queue";
import type { EmailSender, Mailbox } from "../../adapters/email/email-sender";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { OUTBOX_STATUS_LABELS } from "../../shared/outbox-status-words";
import type { LayoutData } from "../../domain/content";
import { loadBrand } from "./brand";
import { composeMessage, deliver, deliverQueued, sweep, type DeliveryDeps, type QueuedDelivery, type RenderEmail } from "./delivery";
import { createEmailOutbox, type EmailOutbox } from "./outbox";
import { createEmailPreferences, type EmailPreferences } from "./preferences";
import type { BulkMail } from "../messages/messages-service";
import { SENT_EMAIL_DATA_RETENTION_DAYS } from "../maintenance/housekeeping";

export type { OutboxMessage };

export interface EmailServicesDeps {
  outbox: OutboxStore;
  pauses: EmailPauseStore;
  preferences: EmailPreferenceStore;
  audit: AuditLog;
  queue: DeliveryQueue;
  sender: EmailSender;
  render: RenderEmail;
  /** The CMS's shared layout (Global, Footer), read through the content cache. */
  layout: () => Promise<LayoutData>;
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>;
  site: { name: string; url: string };
  from: Mailbox;
  replyTo: Mailbox;
  /** Signs unsubscribe links. */
  secret: string;
  newId: () => string;
  now: () => Date;
  log: Logger;
  /** Bulk messages to members: their content and consent checks at delivery. */
  bulk?: BulkMail;
}

export interface EmailServices {
  outbox: EmailOutbox;
  preferences: EmailPreferences;
  /** Delivers one message now if it is due (the queue consumer and the sweep use this). */
  deliver(id: string, now?: Date): ReturnType<typeof deliver>;
  deliverQueued(messages: readonly QueuedDelivery[]): Promise<void>;
  sweep(now?: Date): ReturnType<typeof sweep>;
  /** Newest first. */
  list(filter: { statuses?: readonly OutboxStatus[]; search?: string; limit: number }): Promise<OutboxMessage[]>;
  /** One message and its HTML and text as they are (or would be) sent (a note once its content was cleared); null when there is none. */
  preview(id: string): Promise<{ message: OutboxMessage; html: string; text: string; headers: Record<string, string> } | null>;
  byId(id: string): Promise<OutboxMessage | null>;
  /**
   * Staff's "send again" for a failed message: back to pending with fresh attempts, with the
   * staff audit entry, in one batch (then hand it to `outbox.deliverSoon`). False (nothing
   * changed) unless it was failed.
   */
  resend(id: string, staffEmail: string): Promise<boolean>;
  /**
   * "Send again" as staff's pages ask for it (/staff/emails, a member's page): `resend`, or the
   * error to show: NOT_FOUND without such a message (or, given `writtenTo`, one not written to
   * that user), CONFLICT when it is not failed. Then hand the id to `outbox.deliverSoon`.
   */
  sendAgain(id: string, staffEmail: string, writtenTo?: string): Promise<void>;
  /**
   * Staff's "send again all failed <kind> since <date>": one set-based UPDATE with its audit
   * entry in one batch, then the messages handed to the queue. Returns how many went back.
   */
  resendAllFailed(kind: EmailKind, since: Date, staffEmail: string): Promise<number>;
  /** Sending's pause (Email Service's rate limit or daily quota), while one is in force. */
  pause(): Promise<SendingPause | null>;
}

export function createEmailServices(deps: EmailServicesDeps): EmailServices {
  const preferences = createEmailPreferences({ store: deps.preferences, secret: deps.secret, siteUrl: deps.site.url, log: deps.log });
  const outbox = createEmailOutbox({ store: deps.outbox, queue: deps.queue, newId: deps.newId, log: deps.log });
  let brand: ReturnType<typeof loadBrand> | undefined;
  const delivery: DeliveryDeps = {
    store: deps.outbox,
    pauses: deps.pauses,
    batch: deps.batch,
    preferences: deps.preferences,
    sender: deps.sender,
    render: deps.render,
    // Once per request or batch: every message in it shows the same brand.
    brand: () => (brand ??= loadBrand({ layout: deps.layout, site: deps.site, log: deps.log })),
    unsubscribeUrl: preferences.unsubscribeUrl,
    from: deps.from,
    replyTo: deps.replyTo,
    siteUrl: deps.site.url,
    log: deps.log,
    ...(deps.bulk ? { bulk: deps.bulk } : {}),
  };
  async function resend(id: string, staffEmail: string): Promise<boolean> {
    const message = await deps.outbox.byId(id);
    if (!message || message.status !== "failed") return false;
    const [update] = await deps.batch([
      deps.outbox.resend(id, deps.now()),
      deps.audit.record(
        { staffEmail, action: "email.resent", details: { messageId: id, kind: message.kind, recipient: message.recipient, lastError: message.lastError } },
        { afterChange: true },
      ),
    ]);
    return (update?.meta.changes ?? 0) > 0;
  }

  return {
    outbox,
    preferences,
    deliver: (id, now = deps.now()) => deliver(delivery, id, now),
    deliverQueued: (messages) => deliverQueued(delivery, messages, deps.now),
    sweep: (now = deps.now()) => sweep(delivery, now, (ids) => deps.queue.enqueue(ids)),
    list: (filter) => deps.outbox.list(filter),
    byId: (id) => deps.outbox.byId(id),
    async preview(id) {
      const message = await deps.outbox.byId(id);
      if (!message) return null;
      if (message.data === null) {
        const note = `This message went more than ${SENT_EMAIL_DATA_RETENTION_DAYS} days ago, so its content has been cleared: only who it went to, its kind, subject and dates are kept.`;
        return { message, html: `<p>${note}</p>`, text: note, headers: {} };
      }
      return { message, ...(await composeMessage(delivery, message)) };
    },
    async sendAgain(id, staffEmail, writtenTo) {
      const message = await deps.outbox.byId(id);
      if (!message || (writtenTo !== undefined && message.userId !== writtenTo)) {
        throw new AppError("NOT_FOUND", writtenTo === undefined ? "No e-mail with this id" : "No e-mail with this id was written to this member");
      }
      if (!(await resend(id, staffEmail))) {
        const now = (await deps.outbox.byId(id)) ?? message;
        throw new AppError("CONFLICT", `This e-mail is ${OUTBOX_STATUS_LABELS[now.status].toLowerCase()}, not failed, so there is nothing to send again. Nothing has been changed.`);
      }
    },
    resend,
    async resendAllFailed(kind, since, staffEmail) {
      const now = deps.now();
      const [update] = await deps.batch([
        deps.outbox.resendFailed(kind, since, now),
        deps.audit.record({ staffEmail, action: "email.resent_all", details: { kind, since: since.toISOString() } }),
      ]);
      const ids = ((update?.results ?? []) as { id: string }[]).map((r) => r.id);
      if (ids.length > 0) await outbox.deliverSoon(ids);
      deps.log.info("email.resent_all", { kind, since: since.toISOString(), count: ids.length });
      return ids.length;
    },
    pause: () => deps.pauses.current(deps.now()),
  };
}
