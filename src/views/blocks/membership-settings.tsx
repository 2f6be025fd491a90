import { MembershipCard } from "../components/membership-card";
import { hrefs } from "../../shared/links";
import { isCurrent } from "../layout/nav-link";
import type { BlockContext, BlockOf } from "./block-context";

/**
 * The membership a page sells. The Stripe ids are for the join flow and are never printed;
 * which of them exist says which payment options to mention.
 */
export function MembershipSettingsBlock({ block, ctx }: { block: BlockOf<"membership-settings">; ctx: BlockContext }) {
  const { membership } = block;
  if (!membership) {
    return (
      <div data-block="membership-settings" className="block block-membership">
        <p>
          <a href={hrefs.join} className="button">
            Join us
          </a>
        </p>
      </div>
    );
  }
  const info = hrefs.membershipInfo(membership.slug);
  const notes = [
    block.subscriptionPriceId ? "Pay by annual subscription, renewed each year" : null,
    block.initialPriceId && membership.joiningFee ? "The joining fee is taken with your first payment" : null,
    block.offlinePriceId ? "Prefer not to pay online? You can choose to pay offline" : null,
    block.halfOffCouponId ? "A half-price offer is available on joining" : null,
  ].filter((note): note is string => note !== null);
  return (
    <div data-block="membership-settings" className="block block-membership">
      <MembershipCard
        membership={membership}
        level={2}
        infoHref={isCurrent(info, ctx.site.currentPath) ? null : info}
        notes={notes}
      />
    </div>
  );
}
