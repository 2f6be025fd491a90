/**
 * Bounces and complaints reported after an e-mail left (docs/decisions/0077): the report's
 * signature is checked before its body is read; then each event is kept once, and a hard bounce or
 * a complaint suppresses the address for bulk mail (the outbox then holds back every bulk e-mail
 * to it, and staff see why on the member's page), while a soft bounce is only counted. One batch
 * for the whole report, so it is kept whole or not at all.
 */
import * as z from "zod";
import type { DeliveryEventStore } from "../../adapters/d1/email-delivery-events";
import type { SuppressionStore } from "../../adapters/d1/member-messages";
import { DELIVERY_EVENT_TYPES, type DeliveryEvent, type DeliveryEventOutcome } from "../../domain/email-delivery-events";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { signatureProblem } from "./event-signature";

/** Where the signed reports are posted (routes/email-events-webhook.ts). */
export const EMAIL_EVENTS_PATH = "/api/email/events";

/** A report holds at most this many events: one D1 batch of twice as many statements. */
export const MAX_EVENTS_PER_REPORT = 100;

const ADDRESS = /^[^@\s<>",]+@[^@\s<>",]+\.[^@\s<>",]+$/;

const EventReport = z.object({
  events: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(200),
        type: z.enum(DELIVERY_EVENT_TYPES),
        recipient: z.string().trim().max(320).regex(ADDRESS, "must be an e-mail address"),
        detail: z.string().max(2000).default(""),
        occurredAt: z.iso.datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(MAX_EVENTS_PER_REPORT),
});

export interface DeliveryEventDeps {
  /** EMAIL_EVENTS_SECRET; null: the endpoint is off. */
  secret: string | null;
  events: DeliveryEventStore;
  suppressions: SuppressionStore;
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>;
  now: () => Date;
  log: Logger;
}

export function createDeliveryEvents(deps: DeliveryEventDeps) {
  return {
    /** Checks the signature on the raw body, then records what the report says. */
    async receive(body: string, signature: string | undefined): Promise<DeliveryEventOutcome> {
      if (!deps.secret) throw new AppError("NOT_FOUND", "Delivery events are not configured on this site");
      const problem = await signatureProblem(deps.secret, body, signature, deps.now());
      if (problem) {
        deps.log.warn("email.events_refused", { reason: problem });
        throw new AppError("UNAUTHORIZED", `The report's signature was refused: ${problem}`);
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new AppError("BAD_REQUEST", "The report is not JSON");
      }
      const parsed = EventReport.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError("BAD_REQUEST", `The report is not as documented: ${issue?.path.join(".") || "body"} ${issue?.message ?? ""}`.trim());
      }
      // A report delivered again changes nothing: not even a suppression staff have cleared since.
      const known = await deps.events.known(parsed.data.events.map((e) => e.id));
      const fresh = parsed.data.events.filter((e) => !known.has(e.id));
      const statements: D1PreparedStatement[] = [];
      const outcome: DeliveryEventOutcome = { received: parsed.data.events.length, suppressed: 0, softBounces: 0 };
      for (const e of fresh) {
        const event: DeliveryEvent = { id: e.id, email: e.recipient, type: e.type, detail: e.detail, occurredAt: new Date(e.occurredAt).toISOString() };
        statements.push(deps.events.record(event));
        if (e.type === "soft_bounce") {
          outcome.softBounces++;
        } else {
          const reason = e.type === "complaint" ? "complaint" : "bounce";
          statements.push(deps.suppressions.suppress(e.recipient, reason, e.detail || (reason === "complaint" ? "The reader reported it as spam" : "The address does not take mail"), new Date(event.occurredAt)));
          outcome.suppressed++;
        }
      }
      if (statements.length > 0) await deps.batch(statements);
      deps.log.info("email.events_received", { ...outcome });
      return outcome;
    },
  };
}

export type DeliveryEvents = ReturnType<typeof createDeliveryEvents>;
