/**
 * A patient's message to a listed practitioner: it goes to the member through the outbox (their
 * address is never shown), the patient gets a copy, and abuse is held back by a bot check
 * (Turnstile), a limit per client address (PRACTITIONER_CONTACT_LIMITER) and a daily limit per
 * practitioner (counted in D1: a rate-limit binding counts over a minute at most).
 *
 * The bot check needs JavaScript. A message sent without its token (no JavaScript) passes the
 * same limits, is then held, and the patient is e-mailed a one-time link: the message reaches the
 * practitioner only once they confirm it. That e-mail is also their copy. So a bot without the
 * token can at most make us write to the address it typed, a few times (the limit of messages
 * waiting per address), never to the practitioner.
 */
import type { HeldContact, PractitionerContactHolds } from "../../adapters/d1/practitioner-contact-holds";
import type { Listability, PractitionerListingStore } from "../../adapters/d1/practitioner-listings";
import type { PractitionerSettings } from "../../adapters/cms/operations/practitioners";
import type { BotCheck } from "../../adapters/turnstile/turnstile";
import type { Logger } from "../../log";
import { HELD_CONTACT_HOURS, type SentContact } from "../../shared/contact-form";
import type { EmailOutbox } from "../email/outbox";
import type { RateLimiter } from "../auth/attempt-limits";

/** Messages one practitioner may receive in 24 hours through the form. */
export const CONTACTS_PER_PRACTITIONER_PER_DAY = 20;
/** Held messages one address may have waiting at once. */
export const HELD_CONTACTS_PER_ADDRESS = 3;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface ContactDeps {
  store: PractitionerListingStore;
  holds: PractitionerContactHolds;
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

/** Where the e-mails point: the practitioner's profile, and the confirmation page of a held message. */
export interface ContactPaths {
  profile: string;
  confirm: (holdId: string) => string;
}

export type ContactOutcome = "sent" | "held" | "not-listed" | "bot" | "limited-address" | "limited-practitioner" | "limited-waiting";

/** A held message as its confirmation page shows it. */
export interface HeldMessage {
  listingId: number;
  practitionerName: string;
  senderName: string;
  message: string;
}

export type ConfirmOutcome = { kind: "sent"; listingId: number } | { kind: "gone" } | { kind: "not-listed" } | { kind: "limited-practitioner"; listingId: number };

export function createContactService(deps: ContactDeps) {
  const listability = async (now: Date): Promise<Listability> => ({ now, graceDays: deps.graceDays, listableSlugs: (await deps.settings()).listableMemberships });
  const practitionerFull = async (listingId: number, now: Date) =>
    (await deps.store.contactsSince(listingId, new Date(now.getTime() - DAY_MS))) >= CONTACTS_PER_PRACTITIONER_PER_DAY;

  return {
    /** Sends a message that passed the bot check, or holds one sent without its token. */
    async send(listingId: number, sent: SentContact, paths: ContactPaths): Promise<ContactOutcome> {
      const now = deps.now();
      const target = await deps.store.contactTarget(listingId, await listability(now));
      if (!target) return "not-listed";
      // No token at all is a browser without JavaScript (the widget never ran): held, below.
      // A token that fails is refused, as the widget can simply be run again.
      const held = sent.token === "";
      if (!held && !(await deps.botCheck.verify(sent.token, deps.clientAddress))) {
        deps.log.warn("practitioners.contact_bot_check_failed", { listingId });
        return "bot";
      }
      if (!(await deps.limiter.limit({ key: `practitioner-contact:ip:${deps.clientAddress}` })).success) {
        deps.log.warn("practitioners.contact_limited", { listingId, by: "address" });
        return "limited-address";
      }
      if (await practitionerFull(listingId, now)) {
        deps.log.warn("practitioners.contact_limited", { listingId, by: "practitioner" });
        return "limited-practitioner";
      }
      const event = deps.newId();
      const data = { practitionerName: target.displayName, senderName: sent.name, senderEmail: sent.email, message: sent.message, profilePath: paths.profile };
      if (held) {
        if ((await deps.holds.waitingFrom(sent.email, now)) >= HELD_CONTACTS_PER_ADDRESS) {
          deps.log.warn("practitioners.contact_limited", { listingId, by: "waiting" });
          return "limited-waiting";
        }
        const hold: HeldContact = {
          id: event,
          listingId,
          senderName: sent.name,
          senderEmail: sent.email,
          message: sent.message,
          expiresAt: new Date(now.getTime() + HELD_CONTACT_HOURS * HOUR_MS).toISOString(),
        };
        const confirm = deps.outbox.prepare({
          kind: "practitioner-contact-confirm",
          event,
          to: { email: sent.email, userId: null },
          data: { ...data, confirmPath: paths.confirm(hold.id), expiresAt: hold.expiresAt },
        });
        await deps.batch([deps.holds.hold(hold, now), ...confirm.statements]);
        await deps.outbox.deliverSoon(confirm.ids);
        deps.log.info("practitioners.contact_held", { listingId });
        return "held";
      }
      const toMember = deps.outbox.prepare({ kind: "practitioner-contact", event, to: { email: target.email, userId: target.userId }, data });
      const copy = deps.outbox.prepare({ kind: "practitioner-contact-copy", event, to: { email: sent.email, userId: null }, data });
      await deps.batch([deps.store.recordContact(listingId, now), ...toMember.statements, ...copy.statements]);
      await deps.outbox.deliverSoon([...toMember.ids, ...copy.ids]);
      deps.log.info("practitioners.contact_sent", { listingId });
      return "sent";
    },

    /** A held message waiting for confirmation, for its page; null when unknown, confirmed or expired. */
    async held(holdId: string): Promise<HeldMessage | null> {
      const now = deps.now();
      const hold = await deps.holds.find(holdId, now);
      const target = hold ? await deps.store.contactTarget(hold.listingId, await listability(now)) : null;
      return hold && target ? { listingId: hold.listingId, practitionerName: target.displayName, senderName: hold.senderName, message: hold.message } : null;
    },

    /**
     * Delivers a held message to the practitioner, once: the hold's delete and the e-mail are one
     * batch, the e-mail written only if the delete found the message still held. The patient had
     * their copy with the link. The practitioner's daily limit counts it now, when it reaches them.
     */
    async confirm(holdId: string, profilePathOf: (listingId: number) => string): Promise<ConfirmOutcome> {
      const now = deps.now();
      const hold = await deps.holds.find(holdId, now);
      if (!hold) return { kind: "gone" };
      const target = await deps.store.contactTarget(hold.listingId, await listability(now));
      if (!target) return { kind: "not-listed" };
      if (await practitionerFull(hold.listingId, now)) {
        deps.log.warn("practitioners.contact_limited", { listingId: hold.listingId, by: "practitioner" });
        return { kind: "limited-practitioner", listingId: hold.listingId };
      }
      const data = { practitionerName: target.displayName, senderName: hold.senderName, senderEmail: hold.senderEmail, message: hold.message, profilePath: profilePathOf(hold.listingId) };
      const toMember = deps.outbox.prepare({ kind: "practitioner-contact", event: hold.id, to: { email: target.email, userId: target.userId }, data }, { onlyIf: { afterChange: true } });
      await deps.batch([deps.holds.release(hold.id, now), ...toMember.statements, deps.store.recordContactIfWritten(hold.listingId, now)]);
      await deps.outbox.deliverSoon(toMember.ids);
      deps.log.info("practitioners.contact_confirmed", { listingId: hold.listingId });
      return { kind: "sent", listingId: hold.listingId };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
