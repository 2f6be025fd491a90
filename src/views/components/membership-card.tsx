import type { MembershipSummary } from "../../domain/content";
import { formatPrice } from "../format";
import { withArticle } from "../../shared/wording";
import { hrefs } from "../../shared/links";
import { Heading, type HeadingLevel } from "./heading";
import { RichText } from "./rich-text";

export interface MembershipCardProps {
  membership: MembershipSummary;
  level: HeadingLevel;
  /** The membership's information page, when there is one (and it is not this page). */
  infoHref?: string | null;
  /** Payment facts known from a membership-settings block (never the Stripe ids themselves). */
  notes?: readonly string[];
}

/** A membership tier: its fees in pounds, what it offers and a call to join. */
export function MembershipCard({ membership, level, infoHref, notes = [] }: MembershipCardProps) {
  return (
    <article className="membership-card">
      <Heading level={level} className="membership-card__title">
        {membership.title}
      </Heading>
      <p className="membership-card__price">
        {membership.price !== null ? (
          <>
            <span className="membership-card__amount">{formatPrice(membership.price)}</span> a year
          </>
        ) : (
          "Annual fee to be confirmed"
        )}
      </p>
      {membership.joiningFee ? (
        <p className="membership-card__fee">plus a one-off joining fee of {formatPrice(membership.joiningFee)}</p>
      ) : null}
      <RichText html={membership.description} className="membership-card__description" />
      {notes.length > 0 ? (
        <ul className="membership-card__notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <p className="actions">
        <a href={hrefs.joinAs(membership.slug)} className="button">
          Join as {withArticle(membership.title)}
        </a>
        {infoHref ? (
          <a href={infoHref} className="text-link">
            Find out more<span className="visually-hidden"> about {membership.title}</span>
          </a>
        ) : null}
      </p>
    </article>
  );
}
