import type { CpdCategory } from "./cpd";
import type { Media, SafeHtml, Seo } from "./content";
import type { VatTreatment } from "../shared/pricing/vat";

/**
 * Events and conferences (issue 27; docs/decisions/0052): the CMS holds what an event is and
 * sells, D1 (migrations/0048_events.sql) who holds, booked, waits for and attended a place.
 * Types only; the rules are in services/events.
 */
export type EventFormat = "in-person" | "online" | "hybrid";
export type EventState = "scheduled" | "cancelled" | "postponed";
export type TicketAudience = "anyone" | "signed-in" | "members" | "membership-type";
export type QuestionKind = "dietary" | "access" | "choice" | "text";

export interface EventVenue {
  name: string;
  address: string | null;
  mapUrl: string | null;
  accessibility: string | null;
  travel: string | null;
}

export interface ProgrammeSession {
  title: string;
  startsAt: string;
  endsAt: string | null;
  room: string | null;
  speakers: string | null;
}

export interface EventSpeaker {
  name: string;
  role: string | null;
  photo: Media | null;
  biography: string | null;
}

export interface TicketType {
  /** The editor's code, stable across edits: bookings refer to it. */
  code: string;
  name: string;
  pence: number;
  vatTreatment: VatTreatment;
  audience: TicketAudience;
  membershipTypeSlug: string | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  /** Null: only the event's capacity limits it. */
  capacity: number | null;
  /** Bought alongside a main ticket (a dinner): it does not take one of the event's places. */
  addOn: boolean;
}

export interface RegistrationQuestion {
  code: string;
  label: string;
  kind: QuestionKind;
  /** For a choice question: the options, one per line in the CMS. */
  choices: string[];
  required: boolean;
}

export interface SocietyEvent {
  id: string;
  name: string;
  slug: string;
  summary: string | null;
  description: SafeHtml | null;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  format: EventFormat;
  state: EventState;
  venue: EventVenue | null;
  joiningInstructions: string | null;
  joinUrl: string | null;
  joinOpensMinutesBefore: number;
  programme: ProgrammeSession[];
  speakers: EventSpeaker[];
  cpdHoursHundredths: number | null;
  cpdCategory: CpdCategory | null;
  image: Media | null;
  seo: Seo | null;
  membersOnly: boolean;
  /** Null: no limit on the whole event (ticket types may still have one). */
  capacity: number | null;
  ticketTypes: TicketType[];
  questions: RegistrationQuestion[];
  cancellationDays: number;
  waitlistOfferHours: number;
  minimumAttendancePercent: number;
  /** Hours before the start after which a buyer can no longer pass a place to someone else (staff still can). */
  transferCutoffHours: number;
  /**
   * When staff reopened the event on new dates after postponing it (docs/decisions/0078); absent
   * otherwise. Places booked before then were bought for the old dates.
   */
  rescheduledAt?: string;
}

/** One attendee as the buyer named them, with the ticket and the answers. */
export interface AttendeeInput {
  ticketCode: string;
  name: string;
  email: string;
  answers: Record<string, string>;
}

export type BookingStatus = "held" | "ordered" | "confirmed" | "cancelled" | "lost" | "expired";

export interface Booking {
  id: string;
  eventId: string;
  eventSlug: string;
  userId: string;
  orderId: string | null;
  status: BookingStatus;
  holdExpiresAt: string;
  totalPence: number;
  vatTreatment: VatTreatment;
  title: string;
  createdAt: string;
}

export interface Attendee {
  id: string;
  bookingId: string;
  eventId: string;
  ticketCode: string;
  name: string;
  email: string;
  answers: Record<string, string>;
  status: BookingStatus;
  checkedInAt: string | null;
  attended: boolean;
}

/** Places taken (held or booked) per ticket code, and for the event as a whole. */
export interface PlacesTaken {
  event: number;
  byTicket: Record<string, number>;
}

/** A ticket as one viewer sees it now. */
export interface TicketOffer {
  ticket: TicketType;
  /** Null when neither the ticket nor the event has a limit. */
  placesLeft: number | null;
  /** Why this viewer cannot buy it now; null when they can (places permitting). */
  refusal: string | null;
}

/** An event's page for one viewer. */
export interface EventPage {
  event: SocietyEvent;
  offers: TicketOffer[];
  soldOut: boolean;
  past: boolean;
  /**
   * The viewer's place on the waiting list (1: offered next); null when they are not on it. When
   * offered, the entry (its claim page) and until when the place is held for them.
   */
  waitlist: { entryId: string; position: number; offered: boolean; offerExpiresAt: string | null } | null;
}

/** One of the user's confirmed bookings, as their bookings page shows it. */
export interface MyBooking {
  event: SocietyEvent;
  booking: Booking;
  attendees: (Attendee & { qrToken: string })[];
  /** The online joining link, only from the event's set time before the start until its end; null otherwise. */
  joinUrl: string | null;
  /** When the joining link appears, while it is still to come. */
  joinOpensAt: Date | null;
  /** Whether the event's cancellation policy still allows cancelling (so many days before the start). */
  withinCancellationPolicy: boolean;
  /** Until when the buyer may pass a place to someone else (the event's cut-off); null once it has passed. */
  transferUntil: Date | null;
  /** Whether the buyer may cancel for a full refund, whatever the policy, because staff postponed or moved the event (docs/decisions/0078). */
  postponedRefund: boolean;
}

export interface TicketSales {
  code: string;
  name: string;
  sold: number;
  left: number | null;
  grossPence: number;
  vatPence: number;
}

export interface EventSales {
  event: SocietyEvent;
  tickets: TicketSales[];
  waiting: number;
  grossPence: number;
  vatPence: number;
}

export interface CheckInResult {
  outcome: "done" | "already" | "other-event" | "not-booked" | "unknown";
  name: string | null;
  checkedInAt: string | null;
}

/** An open waiting-list offer: a place held for the entry's holder until its hold runs out. */
export interface OpenOffer {
  entryId: string;
  eventId: string;
  bookingId: string;
  ticketCode: string;
  pence: number;
  /** When the held place is released (its hold's end; later once it is in a checkout). */
  holdExpiresAt: string;
}

/** An open offer with its event and ticket, as the holder's pages show it. */
export interface OfferView {
  offer: OpenOffer;
  event: SocietyEvent;
  ticket: TicketType;
}

/**
 * Staff's cancelling or postponing of a whole event (docs/decisions/0066), laid over the CMS's
 * state: a postponement stands while the CMS still gives the start it was postponed from.
 */
export interface EventStateChange {
  eventId: string;
  /** Reopened: postponed, then put back on sale on new dates (docs/decisions/0078). */
  state: "cancelled" | "postponed" | "reopened";
  reason: string;
  newDateText: string | null;
  /** The start the site showed when the change was made. */
  startsAt: string;
  changedAt: string;
  /** A cancellation: when every order holding places had been settled; null until then. */
  settledAt: string | null;
  /**
   * The new dates staff reopened the event on, laid over the CMS's while the CMS still gives the
   * start they were set over (`cmsStartsAt`); null when never reopened.
   */
  newDates: { cmsStartsAt: string; startsAt: string; endsAt: string } | null;
  reopenedAt: string | null;
}

/** What a cancellation did about one order holding places. */
export type SettleOutcome = "refunded" | "refund-due" | "released" | "nothing-paid";

/** A settled order of a cancelled event, for the staff page. */
export interface SettledOrder {
  orderId: string;
  reference: string;
  outcome: SettleOutcome;
  amountPence: number;
}

/** Staff's form to cancel or postpone an event, as typed. */
export interface StateChangeForm {
  action: "cancel" | "postpone";
  reason: string;
  newDateText: string;
}

export type StateChangeErrors = Partial<Record<"reason" | "newDateText", string>>;

/** Staff's form to reopen a postponed event on new dates, as typed (dates and times on the event's own clock). */
export interface ReopenForm {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

export type ReopenErrors = Partial<Record<keyof ReopenForm, string>>;

/** One attendee's place with what passing it on needs to know of its booking. */
export interface PlaceToTransfer extends Attendee {
  qrToken: string;
  buyerUserId: string;
  orderId: string | null;
  eventSlug: string;
  bookingStatus: BookingStatus;
}

/** The page passing a place on: the place, the buyers' cut-off, and why it cannot be passed on now (null when it can). */
export interface TransferView {
  event: SocietyEvent;
  place: PlaceToTransfer;
  ticketName: string;
  /** When a buyer can no longer pass it on. */
  cutoff: Date;
  refusal: string | null;
  /**
   * Who may receive it, when its ticket is sold to members only (or to one membership type): said
   * before the form is filled in, and checked against the new attendee's address (docs/decisions/0078). Null for anyone.
   */
  recipientRule: string | null;
}

/** One attendee's ticket as its own page shows it (the link in a transferred place's e-mail). */
export interface TicketPage {
  event: SocietyEvent;
  place: PlaceToTransfer;
  ticketName: string;
  joinUrl: string | null;
  joinOpensAt: Date | null;
}

/** A postponed (or moved) event's booking the buyer may cancel for a full refund: what goes and how the money comes back. */
export interface PostponedCancellationView {
  event: SocietyEvent;
  booking: Booking;
  /** Every booking of the order at this event (places and add-ons): all are cancelled together. */
  bookings: Booking[];
  /** What the order charged for them (after any discount code). */
  amountPence: number;
  refund: "card" | "bank" | "none";
  /** Why it cannot be cancelled this way now; null when it can. */
  refusal: string | null;
}
