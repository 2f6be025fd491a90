/**
 * Sending a bulk message: the fan-out walks the audience in user id order, a page at a time,
 * writing each page's recipients and their outbox rows in one batch (adapters/d1/member-messages.ts)
 * and handing the new e-mails to the delivery queue, which sends them in batches within Email
 * Service's limits (services/email/delivery.ts). Its place is stored with every page, so a run
 * that is cut off, or stopped by a sending pause (the daily quota), goes on from there later (the
 * jobs queue, or the e-mail sweep every 10 minutes) and nobody is written twice.
 */
import type { EmailPauseStore } from "../../adapters/d1/email-pause";
import type { MemberMessageStore } from "../../adapters/d1/member-messages";
import type { Logger } from "../../log";

export interface FanOutDeps {
  store: MemberMessageStore;
  pauses: Pick<EmailPauseStore, "current">;
  /** Queues outbox ids for delivery (never throws: the sweep sends what the queue lost). */
  deliverSoon: (ids: readonly string[]) => Promise<void>;
  /** Hands the rest of a fan-out to the jobs queue. */
  continueLater: (messageId: string) => Promise<void>;
  /** Recipients per page: one batch of D1 work each. */
  pageSize: number;
  /** Pages per invocation, well inside D1's 1,000 queries and the queue's sends. */
  pagesPerRun: number;
  log: Logger;
}

export interface FanOutOutcome {
  written: number;
  pages: number;
  state: "done" | "more" | "paused" | "not-sending";
}

/** Goes on with one message's fan-out for up to `pagesPerRun` pages. */
export async function fanOut(deps: FanOutDeps, messageId: string, now: Date): Promise<FanOutOutcome> {
  let written = 0;
  for (let pages = 0; pages < deps.pagesPerRun; pages++) {
    const message = await deps.store.byId(messageId);
    if (!message || message.status !== "sending") return { written, pages, state: "not-sending" };
    // The quota is used up: write no more until sending resumes, so the outbox does not fill with a day's wait.
    if (await deps.pauses.current(now)) {
      deps.log.info("messages.fan_out_paused", { messageId, written });
      return { written, pages, state: "paused" };
    }
    const page = await deps.store.nextPage(message, message.fanOutAfter, deps.pageSize, now);
    if (page.end === null) {
      await deps.store.finish(messageId, now);
      deps.log.info("messages.fan_out_done", { messageId, recipients: message.recipients });
      return { written, pages, state: "done" };
    }
    const ids = await deps.store.writePage(message, message.fanOutAfter, page.end, now);
    written += ids.length;
    await deps.deliverSoon(ids);
  }
  await deps.continueLater(messageId);
  return { written, pages: deps.pagesPerRun, state: "more" };
}

/** The sweep's part: scheduled messages whose time has come start, and unfinished fan-outs go on. */
export async function fanOutDue(deps: FanOutDeps, now: Date): Promise<FanOutOutcome[]> {
  const ids = await deps.store.dueOrSending(now, 5);
  const outcomes: FanOutOutcome[] = [];
  for (const id of ids) outcomes.push(await fanOut(deps, id, now));
  return outcomes;
}
