import type { Membership } from "../../domain/content";
import { MembershipCard } from "../components/membership-card";
import { PageHeader } from "../components/page-header";
import { hrefs } from "../../shared/links";

export interface MembershipListContentProps {
  memberships: readonly Membership[];
}

/** The membership tiers side by side, each with its fees, a call to join and its information page. */
export function MembershipListContent({ memberships }: MembershipListContentProps) {
  return (
    <>
      <PageHeader title="Membership" lede="Choose the membership that fits where you are in your career. Fees are in pounds sterling." />
      {memberships.length === 0 ? (
        <p className="notice">Membership details will be published here soon.</p>
      ) : (
        <ul className="membership-grid">
          {memberships.map((membership) => (
            <li key={membership.id}>
              <MembershipCard membership={membership} level={2} infoHref={hrefs.membershipInfo(membership.slug)} />
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
