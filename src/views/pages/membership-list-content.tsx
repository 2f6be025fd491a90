import type { Membership } from "../../domain/content";
import { MembershipCard } from "../components/membership-card";
import { PageHeader } from "../components/page-header";
import { hrefs } from "../hrefs";

export interface MembershipListContentProps {
  memberships: readonly Membership[];
  /** The membership's information page (/professionals/join-{product}) when one exists. */
  infoPageHref: (membershipSlug: string) => string | null;
}

/** The membership tiers side by side, each with its fees and a call to join. */
export function MembershipListContent({ memberships, infoPageHref }: MembershipListContentProps) {
  return (
    <>
      <PageHeader title="Membership" lede="Choose the membership that fits where you are in your career. Fees are in pounds sterling." />
      {memberships.length === 0 ? (
        <p className="notice">Membership details will be published here soon.</p>
      ) : (
        <ul className="membership-grid">
          {memberships.map((membership) => (
            <li key={membership.id}>
              <MembershipCard membership={membership} level={2} infoHref={infoPageHref(membership.slug)} />
            </li>
          ))}
        </ul>
      )}
      <p className="screen-section">
        Ready to apply? <a href={hrefs.join}>Read how joining works</a>.
      </p>
    </>
  );
}
