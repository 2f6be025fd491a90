import type { WebinarSummary } from "../../domain/content";
import type { HeadingLevel } from "../components/heading";
import type { Buyer } from "./buyer";
import { WebinarCard } from "./webinar-card";

export interface WebinarCardListProps {
  webinars: readonly WebinarSummary[];
  buyer: Buyer;
  now: Date;
  level: HeadingLevel;
  /** The list opens the page: its first card's image is in the first view, so load it eagerly. */
  leadsPage?: boolean;
  /** The bundles on sale, when the screen has them: a webinar in a bundle already in the cart is not added again. */
  bundles?: readonly BundleContents[];
}

/** A bundle's id and its webinars' ids (a WebinarBundle fits). */
export interface BundleContents {
  id: string;
  webinars: readonly { id: string }[];
}

export function WebinarCardList({ webinars, buyer, now, level, leadsPage = false, bundles = [] }: WebinarCardListProps) {
  return (
    <ul className="card-grid">
      {webinars.map((webinar, index) => (
        <WebinarCard
          key={webinar.id}
          webinar={webinar}
          buyer={buyer}
          now={now}
          level={level}
          priority={leadsPage && index === 0}
          coveringBundleIds={bundlesContaining(bundles, webinar.id)}
        />
      ))}
    </ul>
  );
}

/** The ids of the bundles that contain a webinar. */
export const bundlesContaining = (bundles: readonly BundleContents[], webinarId: string): string[] =>
  bundles.filter((bundle) => bundle.webinars.some((w) => w.id === webinarId)).map((bundle) => bundle.id);
