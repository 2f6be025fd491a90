/**
 * Delivering outbox messages: claim (one UPDATE, so a message racing itself is sent once), check
 * the reader still wants it, render, send, record. A failure never reaches the request that
 * caused the message: it is retried with backoff (backoff.ts), then marked failed for staff.
 * A message is sent at least once; "never twice" holds except when a delivery dies between
 * sending and recording it (docs/decisions/0009-email-outbox.md).
 */
import type { OutboxMessage, OutboxStore } from "../../adapters/d1/outbox";
import type { EmailPreferenceStore } from "../../adapters/d1/email-preferences";
import { EmailSendError, type EmailSender, type Mailbox } from "../../adapters/email/email-sender";
import {
  EMAIL_KINDS,
  OPTIONAL_CATEGORY_LABELS,
  type EmailBrand,
  type EmailContent,
  type EmailToRender,
  type OptionalEmailCategory,
  type RenderedEmail,
} from "../../domain/email";
import type { Logger } from "../../log";
import { afterFailure, LEASE_MS, MAX_ATTEMPTS } from "./backoff";

export type RenderEmail = (email: EmailToRender) => Promise<RenderedEmail>;

export interface DeliveryDeps {
  store: OutboxStore;
  preferences: EmailPreferenceStore;
  sender: EmailSender;
  render: RenderEmail;
  brand: () => Promise<EmailBrand>;
  /** The signed one-click unsubscribe link for a user and category. */
  unsubscribeUrl: (userId: string, category: OptionalEmailCategory) => Promise<string>;
  from: Mailbox;
  replyTo: Mailbox;
  siteUrl: string;
  log: Logger;
}

export type DeliveryOutcome =
  | { status: "sent"; messageId: string }
  | { status: "retry"; retryAt: Date; error: string }
  | { status: "failed"; error: string }
  | { status: "suppressed" }
  /** Not claimed: unknown, already delivered, being delivered, or not due yet. */
  | { status: "skipped" };

const ADDRESS = /^[^@\s<>",]+@[^@\s<>",]+\.[^@\s<>",]+$/;

/** A problem with the message itself: sending it again cannot help. */
class Undeliverable extends Error {}

const isOptional = (category: string): category is OptionalEmailCategory => category in OPTIONAL_CATEGORY_LABELS;

function contentOf(message: OutboxMessage): EmailContent {
  if (!(EMAIL_KINDS as readonly string[]).includes(message.kind)) throw new Undeliverable(`Unknown kind of message: ${message.kind}`);
  if (typeof message.data !== "object" || message.data === null) throw new Undeliverable("The message's data is not an object");
  return { kind: message.kind, data: message.data } as EmailContent;
}

/** The message rendered as it would be sent (also the local mailbox's preview). */
export async function composeMessage(deps: Pick<DeliveryDeps, "render" | "brand" | "unsubscribeUrl" | "siteUrl">, message: OutboxMessage) {
  const unsubscribeUrl = isOptional(message.category) && message.userId ? await deps.unsubscribeUrl(message.userId, message.category) : null;
  const rendered = await deps.render({ ...contentOf(message), subject: message.subject, brand: await deps.brand(), siteUrl: deps.siteUrl, recipient: message.recipient, unsubscribeUrl });
  const headers: Record<string, string> = { "Auto-Submitted": "auto-generated" };
  if (unsubscribeUrl) {
    // RFC 8058: mail providers offer "unsubscribe" and post to the link themselves.
    headers["List-Unsubscribe"] = `<${unsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return { ...rendered, headers };
}

/** Delivers one message if it is due and nobody else is delivering it. */
export async function deliver(deps: DeliveryDeps, id: string, now: Date): Promise<DeliveryOutcome> {
  const message = await deps.store.claim(id, now, new Date(now.getTime() + LEASE_MS));
  if (!message) return { status: "skipped" };
  const fields = { id, kind: message.kind, attempt: message.attempts };

  if (isOptional(message.category) && message.userId && !(await deps.preferences.isSubscribed(message.userId, message.category))) {
    await deps.store.markSuppressed(id, `The reader turned off ${OPTIONAL_CATEGORY_LABELS[message.category]}`, now);
    deps.log.info("email.suppressed", { ...fields, category: message.category });
    return { status: "suppressed" };
  }

  let messageId: string;
  try {
    if (!ADDRESS.test(message.recipient)) throw new Undeliverable("The recipient is not an e-mail address");
    const composed = await composeMessage(deps, message);
    ({ messageId } = await deps.sender.send({ from: deps.from, replyTo: deps.replyTo, to: message.recipient, subject: message.subject, ...composed }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof Undeliverable || (error instanceof EmailSendError && error.permanent);
    const next = afterFailure(message.attempts, permanent);
    if (next.retry) {
      const retryAt = new Date(now.getTime() + next.delayMs);
      await deps.store.markRetry(id, reason, retryAt, now);
      deps.log.warn("email.retry", { ...fields, error: reason, retryAt: retryAt.toISOString() });
      return { status: "retry", retryAt, error: reason };
    }
    await deps.store.markFailed(id, reason, now);
    deps.log.error("email.failed", { ...fields, error: reason, permanent });
    return { status: "failed", error: reason };
  }
  // Outside the try: the message has gone, so a failure to record it must not schedule a resend
  // (the lease runs out instead, and only then is it tried again).
  await deps.store.markSent(id, messageId, now);
  deps.log.info("email.sent", { ...fields, messageId });
  return { status: "sent", messageId };
}

/** How many messages one sweep delivers at most; the rest wait for the next. */
export const SWEEP_LIMIT = 50;

/**
 * The scheduled sweep: releases deliveries that never finished, then delivers whatever is due
 * (messages whose queue message was lost, retries whose time has come).
 */
export async function sweep(deps: DeliveryDeps, now: Date) {
  const released = await deps.store.releaseExpiredLeases(now, MAX_ATTEMPTS);
  const ids = await deps.store.dueIds(now, SWEEP_LIMIT);
  const outcomes: Record<DeliveryOutcome["status"], number> = { sent: 0, retry: 0, failed: 0, suppressed: 0, skipped: 0 };
  for (const id of ids) outcomes[(await deliver(deps, id, now)).status] += 1;
  deps.log.info("email.sweep", { released, due: ids.length, ...outcomes });
  return { released, due: ids.length, ...outcomes };
}

/** The parts of a Cloudflare Queues message the consumer uses. */
export interface QueuedDelivery {
  body: unknown;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

/**
 * The queue consumer: delivers each message; one waiting for its backoff goes back on the queue
 * with that delay. Anything the queue gives up on is still in the outbox for the sweep.
 */
export async function deliverQueued(deps: DeliveryDeps, messages: readonly QueuedDelivery[], now: () => Date): Promise<void> {
  for (const message of messages) {
    const id = (message.body as { id?: unknown } | null)?.id;
    if (typeof id !== "string" || id === "") {
      deps.log.warn("email.queue_message_invalid", { body: message.body });
      message.ack();
      continue;
    }
    try {
      const at = now();
      const outcome = await deliver(deps, id, at);
      if (outcome.status === "retry") message.retry({ delaySeconds: Math.max(1, Math.ceil((outcome.retryAt.getTime() - at.getTime()) / 1000)) });
      else message.ack();
    } catch (error) {
      deps.log.warn("email.queue_delivery_error", { id, error });
      message.retry({ delaySeconds: 60 });
    }
  }
}
