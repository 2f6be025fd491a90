/**
 * Delivering outbox messages, a queue batch at a time: claim (one UPDATE, so a message racing
 * itself is sent once), check the readers still want them, render, send, record. A failure never
 * reaches the request that caused the message: it is retried with backoff (backoff.ts), then
 * marked failed for staff. Email Service's rate limit or daily quota pauses all sending instead.
 * A message is sent at least once; "never twice" holds except when a delivery dies between
 * sending and recording it (docs/decisions/0009-email-outbox.md).
 */
import type { DeliveryFinish, OutboxMessage, OutboxStore } from "../../adapters/d1/outbox";
import type { EmailPauseStore, PauseReason, SendingPause } from "../../adapters/d1/email-pause";
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
import { MEMBER_MESSAGE_KIND } from "../../domain/member-messages";
import type { BulkMail } from "../messages/messages-service";
import { afterFailure, LEASE_MS, MAX_ATTEMPTS, pausedUntil } from "./backoff";

export type RenderEmail = (email: EmailToRender) => Promise<RenderedEmail>;

export interface DeliveryDeps {
  store: OutboxStore;
  pauses: EmailPauseStore;
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>;
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
  /** Bulk messages to members (services/messages): consent and suppression checks, their content, bounces. */
  bulk?: BulkMail;
}

export type DeliveryOutcome =
  | { status: "sent"; messageId: string }
  | { status: "retry"; retryAt: Date; error: string }
  | { status: "failed"; error: string }
  | { status: "suppressed" }
  /** Not claimed: unknown, already delivered, being delivered, or not due yet. */
  | { status: "skipped" }
  /** Not sent, no attempt used: Email Service's limit was reached; sending waits until `until`. */
  | { status: "paused"; until: Date; reason: PauseReason };

const ADDRESS = /^[^@\s<>",]+@[^@\s<>",]+\.[^@\s<>",]+$/;

/** Email Service's answers meaning the address bounced or complained: bulk mail to it stops. */
const BOUNCE_CODES = new Set(["E_RECIPIENT_SUPPRESSED"]);

/** A problem with the message itself: sending it again cannot help. */
class Undeliverable extends Error {}

const isOptional = (category: string): category is OptionalEmailCategory => category in OPTIONAL_CATEGORY_LABELS;

function contentOf(message: OutboxMessage): EmailContent {
  if (!(EMAIL_KINDS as readonly string[]).includes(message.kind)) throw new Undeliverable(`Unknown kind of message: ${message.kind}`);
  if (typeof message.data !== "object" || message.data === null) throw new Undeliverable("The message's data is not an object");
  return { kind: message.kind, data: message.data } as EmailContent;
}

/** The message rendered as it would be sent (also the local mailbox's preview). */
export async function composeMessage(deps: Pick<DeliveryDeps, "render" | "brand" | "unsubscribeUrl" | "siteUrl" | "bulk">, message: OutboxMessage) {
  if ((message.kind as string) === MEMBER_MESSAGE_KIND) {
    if (!deps.bulk) throw new Undeliverable("Bulk messages cannot be delivered here");
    return deps.bulk.compose(message);
  }
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

/**
 * Delivers the messages among `ids` that are due and nobody else is delivering, as one batch:
 * one read of the pause, one claim, one read of the readers' preferences, one statement recording
 * every outcome (so D1 work per message stays under one query). While sending is paused nothing
 * is claimed; when Email Service reports the account's limit mid-batch, the pause is recorded and
 * the message it refused and those after it go back to waiting without using up an attempt.
 * The outcomes are recorded after the batch's sends: a batch cut off midway leaves its messages
 * `sending` until their lease runs out, then they are tried again (at least once, as before).
 */
export async function deliverMany(deps: DeliveryDeps, ids: readonly string[], now: Date): Promise<Map<string, DeliveryOutcome>> {
  const outcomes = new Map<string, DeliveryOutcome>(ids.map((id) => [id, { status: "skipped" }]));
  const paused = await deps.pauses.current(now);
  if (paused) {
    for (const id of ids) outcomes.set(id, { status: "paused", until: paused.until, reason: paused.reason });
    return outcomes;
  }
  const claimed = await deps.store.claimMany(ids, now, new Date(now.getTime() + LEASE_MS));
  if (claimed.length === 0) return outcomes;
  const optional = claimed.flatMap((m) => (isOptional(m.category) && m.userId ? [{ userId: m.userId, category: m.category }] : []));
  const unsubscribed = await deps.preferences.unsubscribedAmong(optional);
  // A bulk e-mail goes only while its reader still consents, their address is not suppressed and the send is not cancelled.
  const bulkRows = claimed.filter((m) => (m.kind as string) === MEMBER_MESSAGE_KIND);
  const blocked = bulkRows.length > 0 && deps.bulk ? await deps.bulk.blocked(bulkRows) : new Map<string, string>();

  const finishes: DeliveryFinish[] = [];
  const statements: D1PreparedStatement[] = [];
  let pause: SendingPause | null = null;
  for (const message of claimed) {
    const { id } = message;
    const fields = { id, kind: message.kind, attempt: message.attempts };
    if (pause) {
      finishes.push({ id, status: "released", nextAttemptAt: pause.until });
      outcomes.set(id, { status: "paused", until: pause.until, reason: pause.reason });
      continue;
    }
    if (isOptional(message.category) && message.userId && unsubscribed.has(`${message.userId}\n${message.category}`)) {
      finishes.push({ id, status: "suppressed", error: `The reader turned off ${OPTIONAL_CATEGORY_LABELS[message.category]}` });
      outcomes.set(id, { status: "suppressed" });
      deps.log.info("email.suppressed", { ...fields, category: message.category });
      continue;
    }
    const why = blocked.get(id);
    if (why) {
      finishes.push({ id, status: "suppressed", error: why });
      outcomes.set(id, { status: "suppressed" });
      deps.log.info("email.suppressed", { ...fields, reason: why });
      continue;
    }
    try {
      if (!ADDRESS.test(message.recipient)) throw new Undeliverable("The recipient is not an e-mail address");
      const composed = await composeMessage(deps, message);
      const { messageId } = await deps.sender.send({ from: deps.from, replyTo: deps.replyTo, to: message.recipient, subject: message.subject, ...composed });
      finishes.push({ id, status: "sent", messageId });
      outcomes.set(id, { status: "sent", messageId });
      deps.log.info("email.sent", { ...fields, messageId });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof EmailSendError && error.limit) {
        // The account's limit, not this message's fault: everything waits, nothing is counted.
        pause = { until: pausedUntil(error.limit, now), reason: error.limit, detail: reason };
        statements.push(deps.pauses.pause(pause, now));
        finishes.push({ id, status: "released", nextAttemptAt: pause.until });
        outcomes.set(id, { status: "paused", until: pause.until, reason: pause.reason });
        deps.log.warn("email.paused", { ...fields, reason: pause.reason, until: pause.until.toISOString(), error: reason });
        continue;
      }
      const permanent = error instanceof Undeliverable || (error instanceof EmailSendError && error.permanent);
      if (error instanceof EmailSendError && error.code !== null && BOUNCE_CODES.has(error.code) && deps.bulk) {
        // The service refuses the address for good (a bounce or complaint it recorded): no more bulk mail to it.
        statements.push(deps.bulk.suppress(message.recipient, "bounce", reason, now));
      }
      const next = afterFailure(message.attempts, permanent);
      if (next.retry) {
        const retryAt = new Date(now.getTime() + next.delayMs);
        finishes.push({ id, status: "retry", error: reason, nextAttemptAt: retryAt });
        outcomes.set(id, { status: "retry", retryAt, error: reason });
        deps.log.warn("email.retry", { ...fields, error: reason, retryAt: retryAt.toISOString() });
      } else {
        finishes.push({ id, status: "failed", error: reason });
        outcomes.set(id, { status: "failed", error: reason });
        deps.log.error("email.failed", { ...fields, error: reason, permanent });
      }
    }
  }
  await deps.batch([...statements, deps.store.finishMany(finishes, now)]);
  return outcomes;
}

/** Delivers one message if it is due and nobody else is delivering it. */
export async function deliver(deps: DeliveryDeps, id: string, now: Date): Promise<DeliveryOutcome> {
  return (await deliverMany(deps, [id], now)).get(id)!;
}

/** How many messages one sweep delivers itself at most (each is a send within the run's time). */
export const SWEEP_LIMIT = 50;
/**
 * How many more due messages one sweep hands to the delivery queue: a backlog (a queue outage, a
 * quota pause ending) drains at the queue's pace instead of 50 every ten minutes. Twenty
 * sendBatch calls of 100; the ids come from one indexed read.
 */
export const SWEEP_HANDOFF_LIMIT = 2_000;

/**
 * The scheduled sweep: releases deliveries that never finished, then delivers whatever is due
 * (messages whose queue message was lost, retries whose time has come). Past the first
 * `SWEEP_LIMIT`, the rest due are handed to the delivery queue (`handOff`), unless sending has
 * just paused for Email Service's limit (then they would only pause too). A message handed on
 * twice is still sent once: each delivery claims the message first.
 */
export async function sweep(deps: DeliveryDeps, now: Date, handOff?: (ids: readonly string[]) => Promise<void>) {
  const released = await deps.store.releaseExpiredLeases(now, MAX_ATTEMPTS);
  const ids = await deps.store.dueIds(now, SWEEP_LIMIT);
  const outcomes: Record<DeliveryOutcome["status"], number> = { sent: 0, retry: 0, failed: 0, suppressed: 0, skipped: 0, paused: 0 };
  for (const outcome of (await deliverMany(deps, ids, now)).values()) outcomes[outcome.status] += 1;
  let handedOn = 0;
  if (handOff && ids.length === SWEEP_LIMIT && outcomes.paused === 0) {
    // Those just delivered are no longer due (a skipped one is being delivered elsewhere).
    const rest = (await deps.store.dueIds(now, SWEEP_HANDOFF_LIMIT + SWEEP_LIMIT)).filter((id) => !ids.includes(id)).slice(0, SWEEP_HANDOFF_LIMIT);
    if (rest.length > 0) {
      try {
        await handOff(rest);
        handedOn = rest.length;
      } catch (error) {
        deps.log.warn("email.sweep_handoff_failed", { count: rest.length, error, next: "the next sweep" });
      }
    }
  }
  deps.log.info("email.sweep", { released, due: ids.length, handedOn, ...outcomes });
  return { released, due: ids.length, handedOn, ...outcomes };
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
  const byId = new Map<string, QueuedDelivery[]>();
  for (const message of messages) {
    const id = (message.body as { id?: unknown } | null)?.id;
    if (typeof id !== "string" || id === "") {
      deps.log.warn("email.queue_message_invalid", { body: message.body });
      message.ack();
      continue;
    }
    byId.set(id, [...(byId.get(id) ?? []), message]);
  }
  if (byId.size === 0) return;
  const at = now();
  let outcomes: Map<string, DeliveryOutcome>;
  try {
    outcomes = await deliverMany(deps, [...byId.keys()], at);
  } catch (error) {
    deps.log.warn("email.queue_delivery_error", { ids: [...byId.keys()], error });
    for (const list of byId.values()) for (const message of list) message.retry({ delaySeconds: 60 });
    return;
  }
  const delayUntil = (until: Date) => ({ delaySeconds: Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000))) });
  for (const [id, list] of byId) {
    const outcome = outcomes.get(id)!;
    for (const message of list) {
      if (outcome.status === "retry") message.retry(delayUntil(outcome.retryAt));
      else if (outcome.status === "paused") message.retry(delayUntil(outcome.until));
      else message.ack();
    }
  }
}

/** Cloudflare Queues delays a message by 12 hours at most; a longer pause is waited out in steps (or by the sweep). */
const MAX_QUEUE_DELAY_SECONDS = 12 * 60 * 60;
