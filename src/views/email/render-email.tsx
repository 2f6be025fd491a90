/**
 * Renders a message to HTML (React e-mail components, @react-email/render) and plain text. A
 * lazily loaded module (src/lazy-modules.ts): it is needed only when a message is delivered or
 * previewed, so the Worker's main bundle and its start-up never carry it.
 */
import { render } from "@react-email/render";
import { OPTIONAL_CATEGORY_LABELS, EMAIL_CATEGORY, type EmailDataFor, type EmailKind, type EmailToRender, type RenderedEmail } from "../../domain/email";
import { Frame } from "./frame";
import type { EmailTemplate, TemplateContext } from "./template";
import { textFrame } from "./text-frame";
import { applicationReceived } from "./templates/application-received";
import { applicationRejected } from "./templates/application-rejected";
import { applicationStaffNotice } from "./templates/application-staff-notice";
import { claimInvitation } from "./templates/claim-invitation";
import { disputeClosed, disputeOpened } from "./templates/dispute-notices";
import { eventAttendanceThanks } from "./templates/event-attendance-thanks";
import { eventBookingConfirmed } from "./templates/event-booking-confirmed";
import { eventWaitlistOffer } from "./templates/event-waitlist-offer";
import { eventReminder } from "./templates/event-reminder";
import { eventCancelled } from "./templates/event-cancelled";
import { eventPostponed } from "./templates/event-postponed";
import { eventPlaceTransferred } from "./templates/event-place-transferred";
import { eventPlacePassedOn } from "./templates/event-place-passed-on";
import { eventAttendeeNotice } from "./templates/event-attendee-notice";
import { eventReopened } from "./templates/event-reopened";
import { emailChanged } from "./templates/email-changed";
import { exportReady } from "./templates/export-ready";
import { applicationReview } from "./templates/application-review";
import { practitionerContact, practitionerContactConfirm, practitionerContactCopy, practitionerListingHidden } from "./templates/practitioner-contact";
import { membershipLapsed } from "./templates/membership-lapsed";
import { membershipPaid } from "./templates/membership-paid";
import { orderCancelled } from "./templates/order-cancelled";
import { orderReceipt } from "./templates/order-receipt";
import { paymentFailed } from "./templates/payment-failed";
import { directDebitFailed } from "./templates/direct-debit-failed";
import { proFormaIssued } from "./templates/pro-forma-issued";
import { recordingReady } from "./templates/recording-ready";
import { refundIssued } from "./templates/refund-issued";
import { renewalReminder } from "./templates/renewal-reminder";
import { webinarReminder } from "./templates/webinar-reminder";

export const TEMPLATES: { [K in EmailKind]: EmailTemplate<EmailDataFor[K]> } = {
  "application-received": applicationReceived,
  "application-staff-notice": applicationStaffNotice,
  "membership-paid": membershipPaid,
  "order-receipt": orderReceipt,
  "payment-failed": paymentFailed,
  "direct-debit-failed": directDebitFailed,
  "renewal-reminder": renewalReminder,
  "membership-lapsed": membershipLapsed,
  "webinar-reminder": webinarReminder,
  "recording-ready": recordingReady,
  "application-rejected": applicationRejected,
  "application-review": applicationReview,
  "claim-invitation": claimInvitation,
  "email-changed": emailChanged,
  "order-cancelled": orderCancelled,
  "refund-issued": refundIssued,
  "pro-forma-issued": proFormaIssued,
  "dispute-opened": disputeOpened,
  "dispute-closed": disputeClosed,
  "export-ready": exportReady,
  "practitioner-contact": practitionerContact,
  "practitioner-contact-copy": practitionerContactCopy,
  "practitioner-contact-confirm": practitionerContactConfirm,
  "practitioner-listing-hidden": practitionerListingHidden,
  "event-booking-confirmed": eventBookingConfirmed,
  "event-waitlist-offer": eventWaitlistOffer,
  "event-reminder": eventReminder,
  "event-attendance-thanks": eventAttendanceThanks,
  "event-cancelled": eventCancelled,
  "event-postponed": eventPostponed,
  "event-place-transferred": eventPlaceTransferred,
  "event-place-passed-on": eventPlacePassedOn,
  "event-attendee-notice": eventAttendeeNotice,
  "event-reopened": eventReopened,
};

export async function renderEmail(email: EmailToRender): Promise<RenderedEmail> {
  const t = TEMPLATES[email.kind] as EmailTemplate<unknown>;
  const ctx: TemplateContext = { brand: email.brand, link: (path) => new URL(path, email.siteUrl).href, recipient: email.recipient };
  const category = EMAIL_CATEGORY[email.kind];
  const unsubscribe = email.unsubscribeUrl && category !== "transactional" ? { url: email.unsubscribeUrl, label: OPTIONAL_CATEGORY_LABELS[category] } : null;
  const frame = {
    heading: t.heading(email.data, ctx),
    reason: t.reason(email.data, ctx),
    brand: email.brand,
    homeUrl: ctx.link("/"),
    unsubscribe,
  };
  const html = await render(
    <Frame {...frame} subject={email.subject} preview={t.preview(email.data, ctx)}>
      <t.Body data={email.data} ctx={ctx} />
    </Frame>,
  );
  return { html, text: textFrame({ ...frame, body: t.text(email.data, ctx) }) };
}
