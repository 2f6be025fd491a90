/**
 * The e-mail messages the site sends, the facts each one carries, and who may turn which off
 * (docs/decisions/0009-email-outbox.md). Shared by the outbox (services/email), the templates
 * (views/email) and the routes that show messages; no logic beyond these tables.
 *
 * Dates are strings so a message survives JSON in the outbox: a day is `YYYY-MM-DD` (London),
 * an instant is an ISO timestamp. Money is whole pence.
 */

export const EMAIL_KINDS = [
  "application-received",
  "application-staff-notice",
  "membership-paid",
  "order-receipt",
  "payment-failed",
  "renewal-reminder",
  "membership-lapsed",
  "webinar-reminder",
  "recording-ready",
  "application-rejected",
  "application-review",
  "claim-invitation",
  "email-changed",
  "refund-issued",
  "pro-forma-issued",
  "dispute-opened",
  "dispute-closed",
  "order-cancelled",
  "export-ready",
  "practitioner-contact",
  "practitioner-contact-copy",
  "practitioner-contact-confirm",
  "practitioner-listing-hidden",
  "event-booking-confirmed",
  "event-waitlist-offer",
  "event-reminder",
  "event-attendance-thanks",
  "direct-debit-failed",
  "event-cancelled",
  "event-postponed",
  "event-place-transferred",
  "event-place-passed-on",
  "event-attendee-notice",
  "event-reopened",
] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Categories a reader may turn off (one-click unsubscribe, and later /user/account). */
export const OPTIONAL_EMAIL_CATEGORIES = ["membership-reminders", "webinar-reminders", "webinar-recordings"] as const;
export type OptionalEmailCategory = (typeof OPTIONAL_EMAIL_CATEGORIES)[number];

/** Transactional messages (receipts, payment and application notices) always go. */
export type EmailCategory = "transactional" | OptionalEmailCategory;

export const EMAIL_CATEGORY: Record<EmailKind, EmailCategory> = {
  "application-received": "transactional",
  "application-staff-notice": "transactional",
  "membership-paid": "transactional",
  "order-receipt": "transactional",
  "payment-failed": "transactional",
  "renewal-reminder": "membership-reminders",
  "membership-lapsed": "transactional",
  "webinar-reminder": "webinar-reminders",
  "recording-ready": "webinar-recordings",
  "application-rejected": "transactional",
  "application-review": "transactional",
  "claim-invitation": "transactional",
  "email-changed": "transactional",
  "refund-issued": "transactional",
  "pro-forma-issued": "transactional",
  "dispute-opened": "transactional",
  "dispute-closed": "transactional",
  "order-cancelled": "transactional",
  "export-ready": "transactional",
  "practitioner-contact": "transactional",
  "practitioner-contact-copy": "transactional",
  "practitioner-contact-confirm": "transactional",
  "practitioner-listing-hidden": "transactional",
  "event-booking-confirmed": "transactional",
  "event-waitlist-offer": "transactional",
  // Not optional, unlike webinar reminders: for an online event it carries the joining instructions.
  "event-reminder": "transactional",
  "event-attendance-thanks": "transactional",
  "direct-debit-failed": "transactional",
  "event-cancelled": "transactional",
  "event-postponed": "transactional",
  "event-place-transferred": "transactional",
  "event-place-passed-on": "transactional",
  "event-attendee-notice": "transactional",
  "event-reopened": "transactional",
};

/** What each optional category is, in a reader's words (unsubscribe page, account switches). */
export const OPTIONAL_CATEGORY_LABELS: Record<OptionalEmailCategory, string> = {
  "membership-reminders": "membership renewal reminders",
  "webinar-reminders": "reminders before webinars you have booked",
  "webinar-recordings": "notices that a webinar recording is ready",
};

/**
 * Kinds addressed to the staff members whose role deals with them (read from the staff list when
 * the message is written), one message per address.
 */
export const STAFF_ROLE_EMAIL_KINDS = ["application-staff-notice", "dispute-opened", "dispute-closed"] as const satisfies readonly EmailKind[];
export type StaffRoleEmailKind = (typeof STAFF_ROLE_EMAIL_KINDS)[number];

export type PaymentMethod = "offline" | "card";

export interface ApplicationReceivedData {
  givenName: string;
  reference: string;
  membershipTitle: string;
  amountDuePence: number;
  paymentMethod: PaymentMethod;
  /** How to pay offline (bank details…), shown when the applicant pays offline; null: see their membership page. */
  offlinePaymentInstructions: string | null;
  /** The membership needs staff's approval first: nothing is to be paid until then (absent: false). */
  needsApproval?: boolean;
}

export interface ApplicationStaffNoticeData {
  applicationId: string;
  reference: string;
  applicantName: string;
  applicantEmail: string;
  membershipTitle: string;
  paymentMethod: PaymentMethod;
  amountDuePence: number;
  /** Instant. */
  submittedAt: string;
}

export interface MembershipPaidData {
  givenName: string;
  membershipTitle: string;
  /** A renewal of an existing membership rather than a first payment. */
  renewal: boolean;
  /** Days. */
  periodStart: string;
  periodEnd: string;
  amountPence: number;
  paymentMethod: PaymentMethod;
  /** Day the money was received. */
  paidOn: string;
  /** The reference the payment was recorded under (bank reference, Stripe invoice number…). */
  receiptReference: string;
  /** The receipt's number (GH-2026-000123), allocated with the payment; null when nothing was charged. */
  receiptNumber: string | null;
}

export interface OrderReceiptData {
  orderReference: string;
  /** The receipt's number (GH-2026-000123), allocated with the payment; null for a free order. */
  receiptNumber: string | null;
  totalPence: number;
  paymentMethod: "card" | "offline" | "free";
  /** Day. */
  paidOn: string;
  lines: { title: string; pence: number }[];
  /** What the buyer may now watch: live webinars with their dates, or their recordings (empty if the CMS could not say). */
  webinars: { title: string; slug: string; startsAt: string | null; endsAt: string | null; recording: boolean }[];
}

export interface PaymentFailedData {
  givenName: string;
  membershipTitle: string;
  amountPence: number | null;
  /** Day until which the member keeps access. */
  graceUntil: string;
}

/** The bank did not pay a Direct Debit's first collection (a join or a renewal): nothing was taken. */
export interface DirectDebitFailedData {
  givenName: string;
  membershipTitle: string;
  amountPence: number;
  /** The application's payment reference (for a bank transfer instead). */
  reference: string;
  renewal: boolean;
  /** A renewal: the day until which the member keeps access (the paid period plus the grace days); null for a join. */
  graceUntil: string | null;
}

export interface RenewalReminderData {
  givenName: string;
  membershipTitle: string;
  /** Day the paid period ends. */
  periodEnd: string;
  daysBefore: 30 | 7;
  /** How the member pays. */
  paymentMethod: PaymentMethod;
  /**
   * "automatic": a live card subscription, Stripe takes `amountPence` on `periodEnd`. "by-hand":
   * the member renews from their membership page (by card or bank transfer); a card member with
   * no live subscription is told nothing will be taken. Absent in reminders written before it
   * existed: read from `paymentMethod` as then.
   */
  renewal?: "automatic" | "by-hand";
  amountPence: number;
}

export interface MembershipLapsedData {
  givenName: string;
  membershipTitle: string;
  /** Day. */
  lapsedOn: string;
}

export interface WebinarReminderData {
  webinarTitle: string;
  webinarSlug: string;
  /** Instants. */
  startsAt: string;
  endsAt: string | null;
}

export interface RecordingReadyData {
  webinarTitle: string;
  webinarSlug: string;
}

export interface ApplicationRejectedData {
  givenName: string;
  reference: string;
  membershipTitle: string;
  /** The reason staff gave. */
  reason: string;
}

/** Staff's decision on an application that needed approval, short of rejecting it (docs/decisions/0056). */
export interface ApplicationReviewData {
  givenName: string;
  reference: string;
  membershipTitle: string;
  /** Approved (pay now), or staff need more from the applicant before deciding. */
  outcome: "approved" | "more-information";
  /** What staff asked for (more-information); null when approved. */
  request: string | null;
  amountDuePence: number;
  paymentMethod: PaymentMethod;
  /** How to pay offline, for an approved applicant paying so; null otherwise. */
  offlinePaymentInstructions: string | null;
}

/** Money paid back to the payer, with the credit note that records it. */
export interface RefundIssuedData {
  /** The credit note's number (CN-2026-000007), allocated with the refund. */
  creditNoteNumber: string | null;
  /** What the money was for ("Webinar order GH-ORD…", "Full membership"). */
  description: string;
  amountPence: number;
  method: PaymentMethod;
  /** Day. */
  refundedOn: string;
  reason: string;
}

/** A pro-forma invoice just issued: what to pay, by when, where and with which reference. */
export interface ProFormaIssuedData {
  /** The invoice's number (PF-2026-000012), allocated with it. */
  proFormaNumber: string | null;
  /** The member or buyer it is for (null: only their address is known). */
  buyerName: string | null;
  /** The organisation it is made out to, when billing details were given. */
  invoiceTo: string | null;
  /** What is asked for, line by line, at the prices charged (VAT included). */
  lines: { description: string; pence: number }[];
  totalPence: number;
  /** The reference to quote with the transfer. */
  paymentReference: string;
  /** Day payment is due by. */
  dueOn: string;
  /** The society's bank details and how to pay. */
  paymentInstructions: string;
}

/** What staff are told about a payer's dispute of a card payment with their bank. */
export interface DisputeNoticeData {
  /** Stripe's dispute id. */
  disputeId: string;
  payerName: string | null;
  payerEmail: string;
  /** What the payment was for ("Webinar order GH-ORD…", "Membership: Full member"). */
  paymentDescription: string;
  /** The receipt issued for the payment, when there is one. */
  receiptNumber: string | null;
  /** The disputed amount. */
  amountPence: number;
  /** Stripe's reason code (fraudulent, product_not_received…). */
  reason: string;
  /** The staff page where the dispute is flagged: an order's or a member's (a site path). */
  staffPath: string;
}

export interface DisputeOpenedData extends DisputeNoticeData {
  /** Instant by which Stripe needs the evidence; null when the dispute carries none. */
  evidenceDueBy: string | null;
}

export interface DisputeClosedData extends DisputeNoticeData {
  outcome: "won" | "lost";
}

/** A member brought across from the society's old records, invited to sign in and claim their membership. */
export interface ClaimInvitationData {
  name: string;
  membershipTitle: string;
  memberNumber: number | null;
  /** The address the membership waits under: the one to sign in with. */
  email: string;
}

/** A security notice to the address an account had, once its owner has verified a new one. */
export interface EmailChangedData {
  /** The address the account signs in with now. */
  newEmail: string;
  /** Instant the change reached the site's records. */
  changedAt: string;
}

/** An order awaiting payment that the daily job cancelled because it was not paid in time. */
export interface OrderCancelledData {
  orderReference: string;
  totalPence: number;
  /** Day the order was placed. */
  placedOn: string;
  /** How many days an order may wait for payment before it is cancelled. */
  unpaidDays: number;
  lines: { title: string; pence: number }[];
  /** The discount code the order was priced with, now given back; null when none. */
  discountCode: string | null;
}

/** A background export a staff member asked for is ready to download (to them alone). */
export interface ExportReadyData {
  /** What was exported, as the staff page names it: "members", "applications", "orders". */
  noun: string;
  /** The tab and search it was asked with, in words ("Lapsed", "All matching “smith”"). */
  filter: string;
  rows: number;
  bytes: number;
  /** Instant the file is deleted. */
  expiresAt: string;
  /** The staff page that lists the export and its download link (a site path). */
  staffPath: string;
}

/** A patient's message through a practitioner's contact form (Find a practitioner): to the member, and a copy to the patient. */
export interface PractitionerContactData {
  practitionerName: string;
  senderName: string;
  senderEmail: string;
  message: string;
  /** The practitioner's public profile (a site path). */
  profilePath: string;
}

/**
 * A patient's message sent without the bot check (no JavaScript): held until they confirm it by
 * the link in this e-mail, which also carries their copy.
 */
export interface PractitionerContactConfirmData extends PractitionerContactData {
  /** The one-time confirmation page (a site path holding the link's secret). */
  confirmPath: string;
  /** Instant the held message is deleted unless confirmed. */
  expiresAt: string;
}

/** Staff hid a member's public listing, with their reason. */
export interface PractitionerListingHiddenData {
  displayName: string;
  reason: string;
}

/**
 * Thanks for attending an event, once its attendance is verified (checked in, or the online
 * session's report): one message per attendee's place, to the account credited with the CPD
 * entry, with the certificate's link (migrations/0056).
 */
export interface EventAttendanceThanksData {
  attendeeName: string;
  eventName: string;
  /** The event's day in London (YYYY-MM-DD), as the certificate prints it. */
  activityDate: string;
  hoursHundredths: number;
  /** The CPD category's name as the member's log shows it. */
  categoryName: string;
  certificateId: string;
  certificateNumber: string;
}

/**
 * An event booking confirmed by its order's payment (docs/decisions/0052): one message per
 * booking, to the buyer. No attachment: the calendar file is a link to the event's `.ics`.
 */
export interface EventBookingConfirmedData {
  orderReference: string;
  eventName: string;
  eventSlug: string;
  /** Instants, shown in `timeZone` (the event's); null when the CMS could not say just now (the tickets page can). */
  startsAt: string | null;
  endsAt: string | null;
  timeZone: string;
  /** Where it happens: the venue (in person or hybrid), online (online or hybrid); neither when the CMS could not say. */
  venue: { name: string; address: string | null } | null;
  online: boolean;
  /** Each place booked: the attendee's name and their ticket type. */
  attendees: { name: string; ticket: string }[];
  /** An online or hybrid event's joining instructions from the editor (never the link: that is on the tickets page); absent in messages written before they were added. */
  joiningInstructions?: string | null;
}

/** A place freed at a sold-out event, held for the next person on its waiting list until the offer runs out. */
export interface EventWaitlistOfferData {
  eventName: string;
  eventSlug: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  ticketName: string;
  pence: number;
  /** The instant the held place is released to the next person. */
  offerExpiresAt: string;
  /** The waiting-list entry: the claim page is /user/events/offers/{entryId}. */
  entryId: string;
}

/** The day before an event: to each buyer, once for all their places at it. */
export interface EventReminderData {
  eventName: string;
  eventSlug: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venue: { name: string; address: string | null } | null;
  online: boolean;
  /** The editor's joining instructions for an online or hybrid event (never the link itself: that is on the tickets page). */
  joiningInstructions: string | null;
  attendees: { name: string; ticket: string }[];
}

/** Staff cancelled the event: to each buyer holding places, with what comes back and how. */
export interface EventCancelledData {
  eventName: string;
  startsAt: string;
  timeZone: string;
  reason: string;
  orderReference: string;
  /** card: refunded to the card now; bank: to be paid back by the office; released: the unpaid order cancelled; none: nothing was paid. */
  refund: "card" | "bank" | "released" | "none";
  refundPence: number;
}

/** Staff postponed the event: to each buyer with confirmed places; their bookings stand. */
export interface EventPostponedData {
  eventName: string;
  eventSlug: string;
  startsAt: string;
  timeZone: string;
  reason: string;
  /** What staff could say of the new date; null when not known yet. */
  newDateText: string | null;
}

/**
 * A place passed to a new attendee (a name change or a transfer to a colleague): to the new
 * attendee, with their own ticket's page (they may have no account) and the calendar file.
 */
export interface EventPlaceTransferredData {
  eventName: string;
  eventSlug: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venue: { name: string; address: string | null } | null;
  online: boolean;
  joiningInstructions: string | null;
  /** The new attendee's place (and add-ons), as the confirmation lists places. */
  attendees: { name: string; ticket: string }[];
  /** The new ticket's code: its page is /events/tickets/{code}. */
  ticketCode: string;
}

/** The previous attendee of a place passed to someone else: their ticket no longer admits them. */
export interface EventPlacePassedOnData {
  attendeeName: string;
  eventName: string;
  startsAt: string;
  timeZone: string;
  /** Who passed it on: the person who booked it, or the society's office. */
  by: "buyer" | "staff";
}

/**
 * An event cancelled or postponed by staff, to each named attendee who is not a buyer (the buyer
 * gets `event-cancelled` or `event-postponed`, with the money): once per address and change,
 * without the order or the refund, which are the buyer's.
 */
export interface EventAttendeeNoticeData {
  change: "cancelled" | "postponed";
  attendeeName: string;
  eventName: string;
  eventSlug: string;
  startsAt: string;
  timeZone: string;
  reason: string;
  /** A postponement's new date in staff's words; null when not known yet (and for a cancellation). */
  newDateText: string | null;
}

/**
 * A postponed event reopened by staff on new dates (docs/decisions/0078): to each buyer with
 * confirmed places and each other named attendee, once per address and new start. A buyer may
 * cancel online for a full refund if the new dates do not suit them.
 */
export interface EventReopenedData {
  /** The buyer (who may cancel for a refund) or a named attendee (who tells whoever booked them). */
  to: "buyer" | "attendee";
  /** The attendee's name; null for a buyer (the booking is theirs). */
  attendeeName: string | null;
  eventName: string;
  eventSlug: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  /** The start it was postponed from. */
  previousStartsAt: string;
}

export interface EmailDataFor {
  "application-received": ApplicationReceivedData;
  "application-staff-notice": ApplicationStaffNoticeData;
  "membership-paid": MembershipPaidData;
  "order-receipt": OrderReceiptData;
  "payment-failed": PaymentFailedData;
  "renewal-reminder": RenewalReminderData;
  "membership-lapsed": MembershipLapsedData;
  "webinar-reminder": WebinarReminderData;
  "recording-ready": RecordingReadyData;
  "application-rejected": ApplicationRejectedData;
  "application-review": ApplicationReviewData;
  "claim-invitation": ClaimInvitationData;
  "email-changed": EmailChangedData;
  "refund-issued": RefundIssuedData;
  "pro-forma-issued": ProFormaIssuedData;
  "dispute-opened": DisputeOpenedData;
  "dispute-closed": DisputeClosedData;
  "order-cancelled": OrderCancelledData;
  "export-ready": ExportReadyData;
  "practitioner-contact": PractitionerContactData;
  "practitioner-contact-copy": PractitionerContactData;
  "practitioner-contact-confirm": PractitionerContactConfirmData;
  "practitioner-listing-hidden": PractitionerListingHiddenData;
  "event-booking-confirmed": EventBookingConfirmedData;
  "event-waitlist-offer": EventWaitlistOfferData;
  "event-reminder": EventReminderData;
  "event-attendance-thanks": EventAttendanceThanksData;
  "direct-debit-failed": DirectDebitFailedData;
  "event-cancelled": EventCancelledData;
  "event-postponed": EventPostponedData;
  "event-place-transferred": EventPlaceTransferredData;
  "event-place-passed-on": EventPlacePassedOnData;
  "event-attendee-notice": EventAttendeeNoticeData;
  "event-reopened": EventReopenedData;
}

/**
 * Where a message is in the outbox: written (pending), claimed by a delivery (sending), waiting
 * for its next attempt (retry), sent, failed for good, or held back because the reader turned
 * its category off (suppressed).
 */
export type OutboxStatus = "pending" | "sending" | "retry" | "sent" | "failed" | "suppressed";

/** A kind with its data, checked together. */
export type EmailContent = { [K in EmailKind]: { kind: K; data: EmailDataFor[K] } }[EmailKind];

/** Who a message is for: the address, and the user whose preferences apply (null: staff). */
export interface Recipient {
  email: string;
  userId: string | null;
}

/** The society as the e-mails show it: from the CMS (Global, Footer), or the fallback. */
export interface EmailBrand {
  siteName: string;
  organizationName: string | null;
  /** An absolute URL to a PNG or JPEG logo; null when there is none e-mail clients can show. */
  logo: { url: string; width: number | null; height: number | null } | null;
  contact: { email: string | null; phone: string | null; address: string | null; poBox: string | null };
}

/** Everything a template needs to render one message. */
export type EmailToRender = EmailContent & {
  subject: string;
  brand: EmailBrand;
  /** The site's origin, for absolute links. */
  siteUrl: string;
  recipient: string;
  /** The signed one-click unsubscribe link, for optional categories only. */
  unsubscribeUrl: string | null;
};

export interface RenderedEmail {
  html: string;
  text: string;
}
