/**
 * The import's "claim your membership" invitations, paced: an import queues them as it writes its
 * members, and they go into the outbox at most `perDay` a UTC day (Email Service's daily quota
 * renews at midnight UTC, decision 0043), oldest import first, in batches of BATCH. Called when an
 * import finishes and by the ten-minute sweep, so a day's budget is used as soon as it renews.
 * Nothing is let through while sending is paused for Email Service's limits: the pause would only
 * hold the messages back anyway, and the budget is kept for when it ends. Each address's
 * invitation has its dedupe key (`claim-invitation:<address>`), so a repeat writes nothing twice.
 */
import type { ImportInvitationStore } from "../../adapters/d1/import-invitations";
import type { Logger } from "../../log";
import type { EmailOutbox, EmailRequest } from "../email/outbox";

export interface InvitationPacingDeps {
  store: ImportInvitationStore;
  outbox: Pick<EmailOutbox, "prepareMany" | "deliverSoon">;
  /** Whether sending waits for Email Service's rate limit or daily quota now. */
  paused: () => Promise<boolean>;
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>;
  /** The most invitations a day (IMPORT_INVITATIONS_PER_DAY). */
  perDay: number;
  now: () => Date;
  log: Logger;
}

/** Invitations per outbox batch, and batches per call: at most 2,000 a call, in about 15 D1 queries. */
const BATCH = 500;
const BATCHES_PER_CALL = 4;

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Lets queued invitations into the outbox within today's budget; returns how many were written. */
export async function releaseInvitations(deps: InvitationPacingDeps): Promise<number> {
  if (await deps.paused()) return 0;
  const day = utcDay(deps.now());
  let left = deps.perDay - (await deps.store.writtenOn(day));
  let written = 0;
  for (let batches = 0; left > 0 && batches < BATCHES_PER_CALL; batches++) {
    const queued = await deps.store.queued(Math.min(left, BATCH));
    if (queued.length === 0) break;
    const requests = queued.map(
      ({ data }): EmailRequest => ({ kind: "claim-invitation", event: data.email, to: { email: data.email, userId: null }, data }),
    );
    const email = deps.outbox.prepareMany(requests);
    const results = await deps.batch([...email.statements, deps.store.markWritten(queued, day)]);
    // A repeat (an address already invited) is not among the ids the inserts return.
    const ids = results.slice(0, email.statements.length).flatMap((r) => (r.results as { id: string }[]).map((row) => row.id));
    await deps.outbox.deliverSoon(ids);
    written += ids.length;
    left -= queued.length;
    if (queued.length < BATCH) break;
  }
  if (written > 0) deps.log.info("member_import.invitations_released", { day, written, perDay: deps.perDay });
  return written;
}
