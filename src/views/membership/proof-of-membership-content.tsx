/**
 * /user/membership/proof: a printable proof of membership for employers and insurers. The print
 * stylesheet (client/styles/print.css) leaves only the card on paper; printing needs no script
 * (the browser's own Print command).
 */
import type { MemberCard } from "../../domain/membership";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";

export interface ProofOfMembershipContentProps {
  card: MemberCard;
  /** The society's name, as the site shows it. */
  societyName: string;
  /** Day the proof was printed (YYYY-MM-DD). */
  issuedOn: string;
}

export function ProofOfMembershipContent({ card, societyName, issuedOn }: ProofOfMembershipContentProps) {
  return (
    <div className="account-screen proof">
      <p className="proof__back no-print">
        <a href="/user/membership">Back to your membership</a>
      </p>
      <article className="proof__card" aria-labelledby="proof-title">
        <p className="proof__society">{societyName}</p>
        <h1 id="proof-title">Proof of membership</h1>
        <dl className="summary-list">
          <SummaryRow label="Name">{card.name}</SummaryRow>
          <SummaryRow label="Member number">
            <strong>{card.memberNumber}</strong>
          </SummaryRow>
          <SummaryRow label="Membership">{card.membershipTitle}</SummaryRow>
          <SummaryRow label="Valid until">{card.validUntil ? <DateTime value={card.validUntil} style="long" /> : "Open-ended"}</SummaryRow>
        </dl>
        <p className="proof__issued">
          Issued on <DateTime value={issuedOn} style="long" />. To check it, contact {societyName} quoting the member number.
        </p>
      </article>
      <p className="no-print">Use your browser's Print command (Ctrl+P, or ⌘+P on a Mac) to print this page or save it as a PDF: only the card is printed.</p>
    </div>
  );
}
