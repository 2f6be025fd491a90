/**
 * How the flows (joining, payments, staff actions, orders) write their e-mails
 * (docs/decisions/0009-email-outbox.md): each message's outbox insert goes into the D1 batch of
 * the change that causes it, and once that batch has committed, the new ids go to the queue
 * after the response (`waitUntil`). A message never stands in the way of its change: one that
 * cannot even be prepared (a bug in its data) is logged and left out, the change goes ahead, and
 * queueing never throws (the sweep sends what the queue missed).
 */
import type { BatchQuery } from "../../adapters/d1/batch-query";
import type { OutboxCondition, OutboxFill } from "../../adapters/d1/outbox";
import type { Logger } from "../../log";
import type { EmailOutbox, EmailRequest, PreparedEmail } from "./outbox";

/**
 * One message for a change's batch: written only if `onlyIf` finds a row when the batch reaches
 * it (or, `afterChange`, if the statement just before it changed one); `fill` as in
 * EmailOutbox.prepare.
 */
export interface Notice {
  message: EmailRequest;
  onlyIf: BatchQuery | { afterChange: true };
  fill?: readonly OutboxFill[];
}

const condition = (onlyIf: Notice["onlyIf"]): OutboxCondition => ("afterChange" in onlyIf ? onlyIf : { exists: onlyIf.select, params: onlyIf.params });

export interface Notices {
  /**
   * The outbox inserts for these messages, to put in the change's own batch (after the
   * statements their conditions look at). Several messages in one batch should use `exists`
   * conditions: `afterChange` looks only at the statement just before.
   */
  prepare(notices: readonly Notice[]): PreparedEmail;
  /** After the batch has committed: deliver them soon, after the response. Never throws. */
  deliverSoon(ids: readonly string[]): void;
}

export interface NoticesDeps {
  outbox: Pick<EmailOutbox, "prepare" | "deliverSoon">;
  waitUntil: (promise: Promise<unknown>) => void;
  log: Logger;
}

export function createNotices(deps: NoticesDeps): Notices {
  return {
    prepare(notices) {
      const prepared: PreparedEmail = { statements: [], ids: [] };
      for (const notice of notices) {
        try {
          const one = deps.outbox.prepare(notice.message, { onlyIf: condition(notice.onlyIf), ...(notice.fill ? { fill: notice.fill } : {}) });
          prepared.statements.push(...one.statements);
          prepared.ids.push(...one.ids);
        } catch (error) {
          deps.log.error("email.prepare_failed", { kind: notice.message.kind, event: notice.message.event, error });
        }
      }
      return prepared;
    },
    deliverSoon(ids) {
      if (ids.length > 0) deps.waitUntil(deps.outbox.deliverSoon(ids));
    },
  };
}
