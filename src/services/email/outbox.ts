/**
 * Writing messages: the request path prepares a message's outbox insert, runs it in its own D1
 * batch beside the change that causes it, and once the batch has succeeded hands the ids to
 * `deliverSoon` inside `waitUntil`. Delivery then happens after the response; the sweep catches
 * anything the queue never delivered.
 *
 *   const email = c.var.services.email.outbox.prepare(
 *     { kind: "application-rejected", event: application.id, to: { email: application.email, userId: application.userId }, data },
 *     { onlyIf: { afterChange: true } },
 *   );
 *   await db.batch([rejectStatement, ...email.statements]);
 *   c.executionCtx.waitUntil(c.var.services.email.outbox.deliverSoon(email.ids));
 */
import type { DeliveryQueue } from "../../adapters/email/delivery-queue";
import type { NewOutboxMessage, OutboxCondition, OutboxFill, OutboxStore } from "../../adapters/d1/outbox";
import { EMAIL_CATEGORY, type EmailDataFor, type EmailKind, type OptionalEmailCategory, type Recipient, type StaffRoleEmailKind } from "../../domain/email";
import type { Logger } from "../../log";
import { dedupeKey } from "./dedupe-key";
import { subjectFor } from "./subjects";

type OptionalKind = { [K in EmailKind]: (typeof EMAIL_CATEGORY)[K] extends OptionalEmailCategory ? K : never }[EmailKind];

/**
 * One message to write: its kind and data, the event that causes it (see dedupe-key.ts), and
 * who it is for. Notices to the staff of a role name their readers (one message each); messages a
 * reader can turn off need the reader's user id (their preferences and unsubscribe link).
 */
export type EmailRequest = {
  [K in EmailKind]: { kind: K; data: EmailDataFor[K]; event: string } & (K extends StaffRoleEmailKind
    ? { to: readonly string[] }
    : K extends OptionalKind
      ? { to: Recipient & { userId: string } }
      : { to: Recipient });
}[EmailKind];

export interface PreparedEmail {
  /** Put these in the same `db.batch([...])` as the change (none when there is no one to write to). */
  statements: D1PreparedStatement[];
  /** The ids to hand to `deliverSoon` once the batch has succeeded. */
  ids: string[];
}

export interface EmailOutbox {
  /**
   * The outbox insert for a message. `onlyIf` makes it conditional on the change having happened
   * (see OutboxCondition): `{ afterChange: true }` when it follows the statement that makes the
   * change, or `{ exists: "SELECT 1 FROM applications WHERE id = ? AND status = 'rejected'", params: [id] }`.
   * A message whose dedupe key is already in the outbox is not written again. `fill` sets data
   * fields from rows written earlier in the same batch (a receipt number allocated with the payment).
   */
  prepare(request: EmailRequest, options?: { onlyIf?: OutboxCondition; fill?: readonly OutboxFill[] }): PreparedEmail;
  /**
   * Many messages in a few statements (an import's invitations, a day's reminders); dedupe keys as
   * above. `onlyIf` writes each message only while its own query finds a row, e.g.
   * `{ exists: "SELECT 1 FROM memberships WHERE user_id = ? AND period_end = ?", params: (r) => [...] }`.
   * A statement's results list the ids it wrote (`RETURNING id`).
   */
  prepareMany<R extends EmailRequest>(requests: readonly R[], options?: { onlyIf?: BulkCondition<R> }): PreparedEmail;
  /** Queues the messages for delivery now. Never throws: if the queue fails, the sweep sends them. */
  deliverSoon(ids: readonly string[]): Promise<void>;
}

/** The per-message condition of `prepareMany`: a query with `?` placeholders, bound per request. */
export interface BulkCondition<R extends EmailRequest = EmailRequest> {
  exists: string;
  params: (request: R) => readonly unknown[];
}

export interface EmailOutboxDeps {
  store: OutboxStore;
  queue: DeliveryQueue;
  newId: () => string;
  log: Logger;
}

/** Messages per bulk insert: their JSON stays well under D1's 1 MB for one value. */
const MESSAGES_PER_STATEMENT = 500;

export function createEmailOutbox(deps: EmailOutboxDeps): EmailOutbox {
  /** The outbox rows for one request: one per recipient (none when staff have no address). */
  function messagesFor(request: EmailRequest): NewOutboxMessage[] {
    const content = { kind: request.kind, data: request.data } as Parameters<typeof subjectFor>[0];
    // Several readers of one event (staff of a role): each address gets its own message and its own dedupe key.
    const staff = Array.isArray(request.to);
    const recipients: Recipient[] = staff ? (request.to as readonly string[]).map((email) => ({ email, userId: null })) : [request.to as Recipient];
    if (recipients.length === 0) {
      deps.log.warn("email.no_recipients", { kind: request.kind, reason: "no staff member has the role" });
      return [];
    }
    const subject = subjectFor(content);
    const data = JSON.stringify(request.data);
    return recipients.map((recipient) => ({
      id: deps.newId(),
      dedupeKey: dedupeKey(request.kind, request.event, staff ? recipient.email : undefined),
      kind: request.kind,
      category: EMAIL_CATEGORY[request.kind],
      recipient: recipient.email.trim(),
      userId: recipient.userId,
      subject,
      data,
    }));
  }

  return {
    prepare(request, options) {
      const messages = messagesFor(request);
      if (messages.length === 0) return { statements: [], ids: [] };
      return { statements: [deps.store.insert(messages, options?.onlyIf, options?.fill)], ids: messages.map((m) => m.id) };
    },
    prepareMany(requests, options) {
      const written = requests.flatMap((request) => messagesFor(request).map((message) => ({ message, request })));
      const onlyIf = options?.onlyIf;
      const statements: D1PreparedStatement[] = [];
      for (let start = 0; start < written.length; start += MESSAGES_PER_STATEMENT) {
        const slice = written.slice(start, start + MESSAGES_PER_STATEMENT);
        const condition = onlyIf && { exists: onlyIf.exists, params: (_: unknown, i: number) => onlyIf.params(slice[i]!.request) };
        statements.push(deps.store.insertMany(slice.map((w) => w.message), condition));
      }
      return { statements, ids: written.map((w) => w.message.id) };
    },
    async deliverSoon(ids) {
      if (ids.length === 0) return;
      try {
        await deps.queue.enqueue(ids);
      } catch (error) {
        deps.log.warn("email.enqueue_failed", { count: ids.length, error, next: "the sweep sends them" });
      }
    },
  };
}
