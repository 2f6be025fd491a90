import type { WebinarSummary } from "../../domain/content";
import { Heading, type HeadingLevel } from "../components/heading";
import { Img } from "../components/img";
import { hrefs } from "../hrefs";
import { AddToCart } from "./add-to-cart";
import type { Buyer } from "./buyer";
import { PriceList } from "./price-list";
import { WebinarBadges } from "./webinar-badges";
import { priceRows, webinarPrices } from "./webinar-prices";
import { webinarState } from "./webinar-state";
import { WebinarWhen } from "./webinar-when";

export interface WebinarCardProps {
  webinar: WebinarSummary;
  buyer: Buyer;
  now: Date;
  level: HeadingLevel;
  /** Load the image eagerly at high priority (the first card of a page). */
  priority?: boolean;
  /** The ids of the bundles that contain this webinar, when known (for the cart). */
  coveringBundleIds?: readonly string[];
}

/** A webinar in a list: when, what it costs this viewer (and a member), its state, its bundle and "Add to cart". */
export function WebinarCard({ webinar, buyer, now, level, priority = false, coveringBundleIds }: WebinarCardProps) {
  const state = webinarState(webinar, now);
  const prices = webinarPrices(webinar, buyer, now);
  return (
    <li className="card webinar-card">
      {webinar.image ? <Img media={webinar.image} slot="card" decorative className="card__image" priority={priority} /> : null}
      <div className="card__body">
        <WebinarBadges prices={prices} />
        <Heading level={level} className="card__title">
          <a href={hrefs.webinar(webinar.slug)} className="stretched-link">
            {webinar.name}
          </a>
        </Heading>
        <p className="webinar-card__when">
          <WebinarWhen state={state} />
        </p>
        <PriceList rows={priceRows(prices)} />
        <AddToCart item={{ kind: "webinar", id: webinar.id }} name={webinar.name} unavailable={prices.unavailable} coveringBundleIds={coveringBundleIds} />
        {webinar.bundle ? (
          <p className="webinar-card__bundle">
            Part of <a href={hrefs.bundle(webinar.bundle.slug)}>{webinar.bundle.bundleName}</a>
          </p>
        ) : null}
      </div>
    </li>
  );
}
