/**
 * The daily job's part for what was never paid (docs/decisions/0027-discount-codes.md, "Amended"):
 * an order still awaiting payment UNPAID_DAYS after it was placed is cancelled, with one e-mail to
 * its buyer written in the same batch, so its discount-code use (and its place in the code's caps)
 * is given back; a join application still awaiting payment after as long keeps its place in the
 * queue for staff but its code use is released, and counts again if it is paid after all.
 *
 * UNPAID_DAYS is the pro-forma invoice's 30 days to pay plus 15 for a transfer to arrive and be
 * recorded, so no one is cancelled while their invoice is still due.
 *
 * Bounded work per run: orders are read in keyset pages of PAGE (oldest first) up to
 * MAX_ORDERS_PER_RUN, each page cancelled by one statement with its e-mails in the same batch;
 * when more remain the run says so in its log and the next run goes on. Each page's e-mails go on
 * the delivery queue as soon as its batch commits, so a run cut off later leaves none to the sweep. A rerun writes nothing
 * twice: a cancelled order is no longer awaiting payment, and each e-mail's dedupe key is the order's id.
 */
import type { UnpaidReleaseStore } from "../../adapters/d1/unpaid-releases";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";
import type { EmailOutbox } from "../email/outbox";

export const UNPAID_DAYS = 45;
export const UNPAID_REASON = `Not paid within ${UNPAID_DAYS} days: cancelled automatically`;

const DAY_MS = 86_400_000;
/** Orders per page: one UPDATE and at most this many e-mail inserts per batch. */
const PAGE = 50;
/** About 210 D1 queries a run at most, well inside one invocation's 1,000 beside the job's other parts. */
export const MAX_ORDERS_PER_RUN = 200;
const APPLICATIONS_PER_STATEMENT = 100;
const MAX_APPLICATION_STATEMENTS = 10;

export interface UnpaidReleaseDeps {
  store: UnpaidReleaseStore;
  outbox: Pick<EmailOutbox, "prepare" | "deliverSoon">;
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>;
  log: Logger;
}

export interface UnpaidReleaseReport {
  cancelledOrders: number;
  releasedApplicationUses: number;
  /** Stale orders or applications were left for the next run (the per-run bound was reached). */
  more: boolean;
}

export async function releaseUnpaid(deps: UnpaidReleaseDeps, now: Date): Promise<UnpaidReleaseReport> {
  const cutoff = new Date(now.getTime() - UNPAID_DAYS * DAY_MS);
  const report: UnpaidReleaseReport = { cancelledOrders: 0, releasedApplicationUses: 0, more: false };

  let after: { createdAt: string; id: string } | null = null;
  for (let seen = 0; seen < MAX_ORDERS_PER_RUN; seen += PAGE) {
    const orders = await deps.store.staleOrders(cutoff, after, PAGE);
    if (orders.length === 0) break;
    after = { createdAt: orders.at(-1)!.createdAt, id: orders.at(-1)!.id };
    const emails = orders.map((order) => {
      const cancelled = deps.store.cancelledFor(order.id, UNPAID_REASON);
      return deps.outbox.prepare(
        {
          kind: "order-cancelled",
          event: order.id,
          to: { email: order.email, userId: order.userId },
          data: {
            orderReference: order.reference,
            totalPence: order.totalPence,
            placedOn: londonDate(new Date(order.createdAt)),
            unpaidDays: UNPAID_DAYS,
            lines: order.lines,
            discountCode: order.discountCode,
          },
        },
        { onlyIf: { exists: cancelled.select, params: cancelled.params } },
      );
    });
    const results = await deps.batch([deps.store.cancel(orders.map((o) => o.id), cutoff, UNPAID_REASON), ...emails.flatMap((e) => e.statements)]);
    report.cancelledOrders += results[0]?.meta.changes ?? 0;
    const written: string[] = [];
    let at = 1;
    for (const email of emails) {
      // One statement per message; none was written for an order paid or cancelled meanwhile.
      if (email.statements.length > 0 && (results[at]?.meta.changes ?? 0) > 0) written.push(...email.ids);
      at += email.statements.length;
    }
    await deps.outbox.deliverSoon(written);
    if (orders.length < PAGE) break;
    if (seen + PAGE >= MAX_ORDERS_PER_RUN) report.more = true;
  }

  for (let round = 0; round < MAX_APPLICATION_STATEMENTS; round++) {
    const released = await deps.store.releaseApplicationUses(cutoff, now, APPLICATIONS_PER_STATEMENT);
    report.releasedApplicationUses += released;
    if (released < APPLICATIONS_PER_STATEMENT) break;
    if (round === MAX_APPLICATION_STATEMENTS - 1) report.more = true;
  }

  if (report.more) deps.log.warn("unpaid.more_remain", { cancelledOrders: report.cancelledOrders, releasedApplicationUses: report.releasedApplicationUses, next: "the next daily run goes on" });
  return report;
}
