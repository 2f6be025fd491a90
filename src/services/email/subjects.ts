/**
 * Each message's subject line, decided when the message is written to the outbox, so the
 * outbox, the staff page and the local mailbox show it before the message is rendered.
 * A subject is built from sanitised text: forms refuse control characters in what people type,
 * but a name stored before that rule, imported, or from the CMS could still hold a line break,
 * which in a header could start a header of its own. So every subject is made one line here.
 */
import { reminderRenewsAutomatically } from "../../shared/renewal-way";
import type { EmailContent } from "../../domain/email";
import { oneLine } from "../../shared/plain-text";

/** Long enough for any subject the site writes; a longer one (a very long name) is cut, not folded. */
export const SUBJECT_MAX = 200;

const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" });
const moment = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
});

/** "2026-12-01" (a London day) -> "1 December 2026". */
const onDay = (value: string) => day.format(new Date(`${value}T12:00:00Z`));

/** The message's subject: one line, no control characters, at most SUBJECT_MAX characters. */
export function subjectFor(email: EmailContent): string {
  const subject = oneLine(subjectText(email));
  return subject.length <= SUBJECT_MAX ? subject : `${subject.slice(0, SUBJECT_MAX - 1).trimEnd()}…`;
}

function subjectText(email: EmailContent): string {
  switch (email.kind) {
    case "application-received":
      return `We have received your application (${email.data.reference})`;
    case "application-staff-notice":
      return `New membership application: ${email.data.applicantName} (${email.data.reference})`;
    case "membership-paid":
      return email.data.renewal
        ? `Your ${email.data.membershipTitle} membership is renewed until ${onDay(email.data.periodEnd)}`
        : `Welcome: your ${email.data.membershipTitle} membership is active`;
    case "refund-issued":
      return `Your refund of £${(email.data.amountPence / 100).toFixed(2)} (${email.data.description})`;
    case "pro-forma-issued":
      return `Pro-forma invoice: £${(email.data.totalPence / 100).toFixed(2)} to pay by ${onDay(email.data.dueOn)} (${email.data.paymentReference})`;
    case "dispute-opened":
      return `Payment disputed: £${(email.data.amountPence / 100).toFixed(2)} from ${email.data.payerName ?? email.data.payerEmail} (${email.data.paymentDescription})`;
    case "dispute-closed":
      return `Dispute ${email.data.outcome}: £${(email.data.amountPence / 100).toFixed(2)} from ${email.data.payerName ?? email.data.payerEmail} (${email.data.paymentDescription})`;
    case "order-receipt":
      return `Your receipt for order ${email.data.orderReference}`;
    case "payment-failed":
      return "Your membership payment did not go through: please update your card";
    case "direct-debit-failed":
      return email.data.renewal ? "Your Direct Debit for your renewal was not paid" : "Your Direct Debit was not paid: your membership has not started";
    case "renewal-reminder":
      return reminderRenewsAutomatically(email.data)
        ? `Your membership renews on ${onDay(email.data.periodEnd)}`
        : `Your membership ends on ${onDay(email.data.periodEnd)}: time to renew`;
    case "membership-lapsed":
      return `Your ${email.data.membershipTitle} membership has lapsed`;
    case "webinar-reminder":
      return `Reminder: ${email.data.webinarTitle}, ${moment.format(new Date(email.data.startsAt))}`;
    case "recording-ready":
      return `The recording of ${email.data.webinarTitle} is ready`;
    case "application-rejected":
      return `Your membership application ${email.data.reference}`;
    case "application-review":
      return email.data.outcome === "approved"
        ? `Your application ${email.data.reference} is approved: you can now pay`
        : `We need more from you for your application ${email.data.reference}`;
    case "claim-invitation":
      return `Claim your ${email.data.membershipTitle} online`;
    case "order-cancelled":
      return `Your order ${email.data.orderReference} is cancelled: it was not paid within ${email.data.unpaidDays} days`;
    case "email-changed":
      return "The e-mail address of your account has changed";
    case "export-ready":
      return `Your export of ${email.data.rows.toLocaleString("en-GB")} ${email.data.noun} is ready to download`;
    case "practitioner-contact":
      return `A message from ${email.data.senderName} through Find a practitioner`;
    case "practitioner-contact-copy":
      return `Your message to ${email.data.practitionerName}`;
    case "practitioner-contact-confirm":
      return `Confirm to send your message to ${email.data.practitionerName}`;
    case "event-booking-confirmed":
      return `Your booking is confirmed: ${email.data.eventName}`;
    case "event-reminder":
      return `Tomorrow: ${email.data.eventName}`;
    case "event-cancelled":
      return `Cancelled: ${email.data.eventName}`;
    case "event-postponed":
      return `Postponed: ${email.data.eventName}`;
    case "event-place-transferred":
      return `Your ticket: ${email.data.eventName}`;
    case "event-attendee-notice":
      return `${email.data.change === "cancelled" ? "Cancelled" : "Postponed"}: ${email.data.eventName}`;
    case "event-reopened":
      return `New dates: ${email.data.eventName}`;
    case "event-place-passed-on":
      return `Your place has been passed on: ${email.data.eventName}`;
    case "event-waitlist-offer":
      return `A place is free for you: ${email.data.eventName}`;
    case "event-attendance-thanks":
      return `Thank you for attending ${email.data.eventName}: your CPD certificate`;
    case "practitioner-listing-hidden":
      return "Your public listing has been hidden";
  }
}
