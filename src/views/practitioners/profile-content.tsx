/**
 * A practitioner's public profile: details, practices, the society's mark, schema.org data, and
 * the contact form (patients never see the member's address). Also the member's preview.
 */
import type { MembershipMark, PracticeListing, PublicListing } from "../../domain/practitioners";
import { CONTACT_LIMITS, type SentContact } from "../../shared/contact-form";
import { safeHref } from "../../shared/links";
import { ScreenTitle } from "../components/screen-title";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { formatDate } from "../format";
import { MapAppLinks } from "./map-app-links";
import { PractitionerPhoto } from "./photo";
import { profileStructuredData, scriptSafeJson } from "./structured-data";

export interface ContactFormState {
  sent: SentContact | null;
  problems: readonly FieldProblem[];
  notice: string | null;
}

export interface ProfileContentProps {
  listing: PublicListing | (PracticeListing & { id: number | null; memberNumber: number | null });
  mark: MembershipMark;
  societyName: string;
  url: string;
  /** Null in the member's preview: no form, no structured data. */
  contact: (ContactFormState & { siteKey: string; action: string }) | null;
}

function Details({ listing }: { listing: ProfileContentProps["listing"] }) {
  const rows = [
    ["Services and specialisms", listing.tags.service],
    ["Conditions treated", listing.tags.condition],
    ["Appointments", listing.tags.appointment],
    ["Sees", listing.tags.sees],
    ["Languages", listing.tags.language],
    ["Accessibility", listing.tags.access],
  ] as const;
  return (
    <dl className="summary-list">
      {rows
        .filter(([, choices]) => choices.length > 0)
        .map(([label, choices]) => (
          <div className="summary-list__row" key={label}>
            <dt>{label}</dt>
            <dd>{choices.map((c) => c.label).join(", ")}</dd>
          </div>
        ))}
    </dl>
  );
}

export function ProfileContent({ listing, mark, societyName, url, contact }: ProfileContentProps) {
  const errorFor = (field: string) => contact?.problems.find((p) => p.field === field)?.message ?? null;
  return (
    <article className="practitioner-profile">
      {contact ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(profileStructuredData(listing as PublicListing, url, societyName)) }} /> : null}
      {listing.photo ? <PractitionerPhoto listingId={contact && listing.id !== null ? listing.id : "own"} photo={listing.photo} name={listing.displayName} box={200} className="practitioner-profile__photo" /> : null}
      <ScreenTitle>{listing.displayName}</ScreenTitle>
      {listing.professionalTitle ? <p className="practitioner-profile__title">{listing.professionalTitle}</p> : null}
      <p className="practitioner-profile__mark">
        <strong>Member of {societyName}</strong>
        {mark.memberNumber !== null ? <>, membership number {mark.memberNumber}</> : null}, checked on {formatDate(new Date(`${mark.checkedOn}T12:00:00Z`), "long")}.
      </p>
      {listing.bio ? <p className="practitioner-profile__bio">{listing.bio}</p> : null}
      <Details listing={listing} />
      <h2>{listing.locations.length === 1 ? "Practice" : "Practices"}</h2>
      <ul className="practitioner-profile__locations">
        {listing.locations.map((loc, i) => {
          const website = loc.website ? safeHref(loc.website) : null;
          const booking = loc.bookingUrl ? safeHref(loc.bookingUrl) : null;
          return (
            <li key={i}>
              <h3>{loc.name}</h3>
              <p>
                {loc.address}, {loc.town}
                {loc.postcode ? `, ${loc.postcode}` : ""}
              </p>
              {loc.phone ? (
                <p>
                  Phone: <a href={`tel:${loc.phone.replace(/[^\d+]/g, "")}`}>{loc.phone}</a>
                </p>
              ) : null}
              {website ? (
                <p>
                  <a href={website} rel="nofollow noopener">
                    Website
                  </a>
                </p>
              ) : null}
              {booking ? (
                <p>
                  <a href={booking} rel="nofollow noopener">
                    Book an appointment
                  </a>
                </p>
              ) : null}
              {loc.position === null ? (
                <p className="hint">This practice could not be placed on the map, so it is shown without a distance.</p>
              ) : (
                <MapAppLinks name={loc.name} town={loc.town} position={loc.position} placedBy={loc.placedBy} />
              )}
            </li>
          );
        })}
      </ul>
      {contact ? (
        <section aria-labelledby="contact-title" className="practitioner-profile__contact">
          <h2 id="contact-title">Contact {listing.displayName}</h2>
          {contact.notice ? (
            <p className="notice notice--success" role="status">
              {contact.notice}
            </p>
          ) : null}
          <ErrorSummary problems={contact.problems} />
          <p>Your message goes to them by e-mail; they answer you directly. We send you a copy. Do not include medical details you would not put in an e-mail.</p>
          <form method="post" action={contact.action} className="form" noValidate>
            <input type="hidden" name="listing" value={String(listing.id)} />
            <div className={errorFor("name") ? "field field--error" : "field"}>
              <label className="field__label" htmlFor="name">
                Your name
              </label>
              {errorFor("name") ? <p className="field__error">{errorFor("name")}</p> : null}
              <input className="field__input" id="name" name="name" autoComplete="name" maxLength={CONTACT_LIMITS.name} defaultValue={contact.sent?.name ?? ""} />
            </div>
            <div className={errorFor("email") ? "field field--error" : "field"}>
              <label className="field__label" htmlFor="email">
                Your e-mail address
              </label>
              {errorFor("email") ? <p className="field__error">{errorFor("email")}</p> : null}
              <input className="field__input" id="email" name="email" type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} defaultValue={contact.sent?.email ?? ""} />
            </div>
            <div className={errorFor("message") ? "field field--error" : "field"}>
              <label className="field__label" htmlFor="message">
                Your message
              </label>
              <p className="field__hint" id="message-hint">
                {CONTACT_LIMITS.messageMin} to {CONTACT_LIMITS.message.toLocaleString("en-GB")} characters.
              </p>
              {errorFor("message") ? <p className="field__error">{errorFor("message")}</p> : null}
              <textarea className="field__input" id="message" name="message" rows={6} maxLength={CONTACT_LIMITS.message} aria-describedby="message-hint" defaultValue={contact.sent?.message ?? ""} />
            </div>
            {errorFor("bot") ? <p className="field__error">{errorFor("bot")}</p> : null}
            <div className="cf-turnstile" data-sitekey={contact.siteKey} />
            <noscript>
              <p>The bot check on this form needs JavaScript. Without it, we e-mail you a link when you send, and your message goes to them once you open it and confirm.</p>
            </noscript>
            <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer />
            <div className="form__actions">
              <button type="submit" className="button">
                Send message
              </button>
            </div>
          </form>
        </section>
      ) : null}
      <p>
        <a href="/find-a-practitioner">Back to Find a practitioner</a>
      </p>
    </article>
  );
}
