/**
 * A patient's message to a listed practitioner: it goes to the member through the outbox (their
 * address is never shown), the patient gets a copy, and abuse is held back by a bot check
 * (Turnstile), a limit per client address (PRACTITIONER_CONTACT_LIMITER) and a daily limit per
 * practitioner (counted in D1: a rate-limit binding counts over a minute at most).
 */
import type { Listability, PractitionerListingStore } from "../../adapters/d1/practitioner-listings";
import type { PractitionerSettings } from "../../adapters/cms/operations/practitioners";
import type { BotCheck } from "../../adapters/turnstile/turnstile";
import type { Logger } from "../../log";
import type { SentContact } from "../../shared/contact-form";
import type { EmailOutbox } from "../email/outbox";
import type { RateLimiter } from "../auth/attempt-limits";

/** Messages one practitioner may receive in 24 hours through the form. */
export const CONTACTS_PER_PRACTITIONER_PER_DAY = 20;
const DAY_MS = 86_400_000;

export interface ContactDeps {
  store: PractitionerListingStore;
  settings: () => Promise<PractitionerSettings>;
  outbox: Pick<EmailOutbox, "prepare" | "deliverSoon">;
  batch: (statements: D1PreparedStatement[]) => Promise<unknown>;
  botCheck: BotCheck;
  limiter: RateLimiter;
  clientAddress: string;
  graceDays: number;
  now: () => Date;
  newId: () => string;
  log: Logger;
}

export type ContactOutcome = "sent" | "not-listed" | "bot" | "limited-address" | "limited-practitioner";

export function createContactService(deps: ContactDeps) {
  return {
    async send(listingId: number, sent: SentContact, profilePath: string): Promise<ContactOutcome> {
      const now = deps.now();
      const who: Listability = { now, graceDays: deps.graceDays, listableSlugs: (await deps.settings()).listableMemberships };
      const target = await deps.store.contactTarget(listingId, who);
      if (!target) return "not-listed";
      if (!(await deps.botCheck.verify(sent.token, deps.clientAddress))) {
        deps.log.warn("practitioners.contact_bot_check_failed", { listingId });
        return "bot";
      }
      if (!(await deps.limiter.limit({ key: `practitioner-contact:ip:${deps.clientAddress}` })).success) {
        deps.log.warn("practitioners.contact_limited", { listingId, by: "address" });
        return "limited-address";
      }
      if ((await deps.store.contactsSince(listingId, new Date(now.getTime() - DAY_MS))) >= CONTACTS_PER_PRACTITIONER_PER_DAY) {
        deps.log.warn("practitioners.contact_limited", { listingId, by: "practitioner" });
        return "limited-practitioner";
      }
      const event = deps.newId();
      const data = { practitionerName: target.displayName, senderName: sent.name, senderEmail: sent.email, message: sent.message, profilePath };
      const toMember = deps.outbox.prepare({ kind: "practitioner-contact", event, to: { email: target.email, userId: target.userId }, data });
      const copy = deps.outbox.prepare({ kind: "practitioner-contact-copy", event, to: { email: sent.email, userId: null }, data });
      await deps.batch([deps.store.recordContact(listingId, now), ...toMember.statements, ...copy.statements]);
      await deps.outbox.deliverSoon([...toMember.ids, ...copy.ids]);
      deps.log.info("practitioners.contact_sent", { listingId });
      return "sent";
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
