/**
 * Passing an attendee's place to someone else (a name change, or a colleague going instead): by
 * the buyer under /user/events until the event's cut-off (`transferCutoffHours` before the start,
 * 48 unless the editor says otherwise), or by staff from the attendee list until the event ends.
 * The place gets a new ticket code, so the old QR code is refused at the door; the new attendee
 * is e-mailed their ticket (its own page: they may have no account) and the calendar file, the
 * previous one is told their ticket no longer admits them, and it is audited on the order. All of
 * it is one D1 batch whose UPDATE is conditional, so a check-in or a refund at the same moment
 * wins. A place checked in, attended, cancelled, refunded or at an event that is over or
 * cancelled is refused with the reason. The CPD of an attended place follows the attendee who
 * attended: a place can only be passed on before it is attended.
 */
import type { PlaceTransferStore } from "../../adapters/d1/event-place-transfers";
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { EventPlaceTransferredData } from "../../domain/email";
import type { PlaceToTransfer, SocietyEvent, TransferView } from "../../domain/events";
import { AppError } from "../../errors";
import type { AttendeeForm, BookingErrors } from "../../shared/event-booking-form";
import type { ContentService } from "../content/content-service";
import type { Notices } from "../email/notices";
import { randomToken } from "./booking";
import { isPast, membershipTitles, transferCutoff } from "./event-rules";
import { answerProblems, eventAnswers } from "./registration-answers";
import type { MemberRule, MemberType } from "../membership/member-rule";

/** Who passes the place on: the buyer (their own bookings, until the cut-off) or staff. */
export type TransferActor = { kind: "buyer"; userId: string } | { kind: "staff"; email: string };

export interface PlaceTransferDeps {
  /** The events as the site shows them (staff's cancellations and postponements laid over the CMS). */
  content: Pick<ContentService, "events" | "memberships">;
  /** Whether whoever holds a membership under this address is a member now, and of which type (the member rule). */
  memberByEmail: (email: string) => Promise<MemberType>;
  store: PlaceTransferStore;
  audit: Pick<AuditLog, "record">;
  notices: Notices;
  now: () => Date;
}

export type TransferOutcome = { kind: "done"; name: string } | { kind: "invalid"; errors: BookingErrors } | { kind: "refused"; message: string };

export type PlaceTransfer = ReturnType<typeof createPlaceTransfer>;

const londonTime = (date: Date) =>
  date.toLocaleString("en-GB", { timeZone: "Europe/London", weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });

/** Why this place cannot be passed on now by this actor; null when it can. */
export function transferRefusal(event: SocietyEvent, place: PlaceToTransfer, actor: TransferActor["kind"], now: Date): string | null {
  if (event.state === "cancelled") return "This event has been cancelled: its places cannot be passed on.";
  if (place.checkedInAt) return "This place has been checked in already: it cannot be passed on.";
  if (place.attended) return "This place's attendance has been recorded already: it cannot be passed on.";
  if (place.status !== "confirmed") return "This place was cancelled or refunded: there is nothing to pass on.";
  if (event.ticketTypes.find((t) => t.code === place.ticketCode)?.addOn) return "An add-on goes with its place: pass the place itself on instead.";
  if (isPast(event, now)) return "This event is over: its places can no longer be passed on.";
  const cutoff = transferCutoff(event);
  if (actor === "buyer" && now.getTime() >= cutoff.getTime()) {
    return `Places could be passed on until ${londonTime(cutoff)} (${event.transferCutoffHours} hours before the start). Please contact our office.`;
  }
  return null;
}

/**
 * Whether someone whose membership record is under `email` is a member now (the member rule), and
 * of which type: the first account found in force, if any.
 */
export async function memberAtAddress(deps: { accounts: (email: string) => Promise<string[]>; members: Pick<MemberRule, "membership"> }, email: string): Promise<MemberType> {
  for (const userId of await deps.accounts(email)) {
    const found = await deps.members.membership(userId);
    if (found.member) return found;
  }
  return { member: false, membershipSlug: null };
}

/**
 * A members-only ticket (or one for a membership type) goes only to someone whose membership is in
 * force, found by the address the place is passed to: the rule, as the giver reads it, and the
 * check (null when the recipient may have it).
 */
async function recipientCheck(deps: PlaceTransferDeps, event: SocietyEvent, ticketCode: string): Promise<{ rule: string; refuse: (email: string) => Promise<string | null> } | null> {
  const ticket = event.ticketTypes.find((t) => t.code === ticketCode);
  if (ticket?.audience === "members") {
    return {
      rule: "This is a members-only ticket: it can be passed only to a member whose membership is in force. Give the e-mail address their membership is under.",
      refuse: async (email) => ((await deps.memberByEmail(email)).member ? null : "This ticket is for members only, and no membership in force is under this address. Give the address the new attendee's membership is under, or choose a member."),
    };
  }
  if (ticket?.audience === "membership-type") {
    const title = ticket.membershipTypeSlug ? ((await membershipTitles(deps.content)).get(ticket.membershipTypeSlug) ?? ticket.membershipTypeSlug) : "one";
    return {
      rule: `This ticket is only for members with the ${title} membership: it can be passed only to such a member whose membership is in force. Give the e-mail address their membership is under.`,
      refuse: async (email) => {
        const found = await deps.memberByEmail(email);
        return found.member && ticket.membershipTypeSlug !== null && found.membershipSlug === ticket.membershipTypeSlug
          ? null
          : `This ticket is only for members with the ${title} membership, and no such membership in force is under this address.`;
      },
    };
  }
  return null;
}

export function createPlaceTransfer(deps: PlaceTransferDeps) {
  /** The place and its event, for this actor: a buyer sees only their own bookings' places. */
  async function open(actor: TransferActor, attendeeId: string, eventId?: string): Promise<TransferView> {
    const place = await deps.store.place(attendeeId);
    if (!place || (actor.kind === "buyer" && place.buyerUserId !== actor.userId) || (eventId !== undefined && place.eventId !== eventId)) {
      throw new AppError("NOT_FOUND", "No such place");
    }
    const event = (await deps.content.events()).find((e) => e.id === place.eventId);
    if (!event) throw new AppError("NOT_FOUND", "No such event");
    const check = await recipientCheck(deps, event, place.ticketCode);
    return {
      recipientRule: check?.rule ?? null,
      event,
      place,
      ticketName: event.ticketTypes.find((t) => t.code === place.ticketCode)?.name ?? place.ticketCode,
      cutoff: transferCutoff(event),
      refusal: transferRefusal(event, place, actor.kind, deps.now()),
    };
  }

  return {
    open,

    /**
     * Passes the place to the person on the form (`shapeErrors`: what reading the form found). The
     * answers are asked again: they are the new attendee's (dietary and access needs).
     */
    async transfer(actor: TransferActor, attendeeId: string, attendee: Pick<AttendeeForm, "name" | "email" | "answers">, shapeErrors: BookingErrors, eventId?: string): Promise<TransferOutcome> {
      const view = await open(actor, attendeeId, eventId);
      if (view.refusal) return { kind: "refused", message: view.refusal };
      const errors = { ...answerProblems(view.event, attendee.answers, "a0."), ...shapeErrors };
      if (Object.keys(errors).length > 0) return { kind: "invalid", errors };
      // The place stays with its holder unless the new attendee may hold this ticket.
      const notMember = await (await recipientCheck(deps, view.event, view.place.ticketCode))?.refuse(attendee.email);
      if (notMember) return { kind: "invalid", errors: { "a0.email": notMember } };

      const { event, place } = view;
      const transferId = crypto.randomUUID();
      const newToken = randomToken();
      const addOns = await deps.store.addOnsOf(place);
      const change = deps.store.transferStatements({
        attendeeId: place.id,
        oldToken: place.qrToken,
        newToken,
        oldName: place.name,
        oldEmail: place.email,
        name: attendee.name,
        email: attendee.email,
        answers: eventAnswers(event, attendee.answers),
      });
      const ticketName = (code: string) => event.ticketTypes.find((t) => t.code === code)?.name ?? code;
      const data: EventPlaceTransferredData = {
        eventName: event.name,
        eventSlug: event.slug,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        timeZone: event.timeZone,
        venue: event.format !== "online" && event.venue ? { name: event.venue.name, address: event.venue.address } : null,
        online: event.format !== "in-person",
        joiningInstructions: event.format !== "in-person" ? event.joiningInstructions : null,
        attendees: [place.ticketCode, ...addOns.map((a) => a.ticketCode)].map((code) => ({ name: attendee.name, ticket: ticketName(code) })),
        ticketCode: newToken,
      };
      const key = `${place.id}:${transferId}`;
      // The previous attendee is told only when the place goes to another address (a corrected name is the same person).
      const movesAway = place.email.toLowerCase() !== attendee.email.toLowerCase();
      const email = deps.notices.prepare([
        { message: { kind: "event-place-transferred", event: key, to: { email: attendee.email, userId: null }, data }, onlyIf: change.changed },
        ...(movesAway
          ? [{
              message: {
                kind: "event-place-passed-on" as const,
                event: key,
                to: { email: place.email, userId: null },
                data: { attendeeName: place.name, eventName: event.name, startsAt: event.startsAt, timeZone: event.timeZone, by: actor.kind },
              },
              onlyIf: change.changed,
            }]
          : []),
      ]);
      const audit = deps.audit.record({
        staffEmail: actor.kind === "staff" ? actor.email : `buyer:${actor.userId}`,
        action: "event.place_transferred",
        orderId: place.orderId ?? undefined,
        details: { eventId: event.id, eventName: event.name, attendeeId: place.id, from: { name: place.name, email: place.email }, to: { name: attendee.name, email: attendee.email }, addOns: addOns.length },
      }, { afterChange: true });
      // The audit entry follows the place's UPDATE directly: it is written only if the place changed.
      const [placeUpdate, ...rest] = change.statements;
      await deps.store.run([placeUpdate!, audit, ...rest, ...email.statements]);
      const now = await deps.store.place(place.id);
      if (now?.qrToken !== newToken) {
        // A check-in, a refund or another transfer got there first: say why from what it is now.
        const refusal = now ? transferRefusal(event, now, actor.kind, deps.now()) : null;
        return { kind: "refused", message: refusal ?? "This place changed while you were filling in the form: please look at it again." };
      }
      deps.notices.deliverSoon(email.ids);
      return { kind: "done", name: attendee.name };
    },
  };
}
