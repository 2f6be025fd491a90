import type { WebinarBundle } from "../../domain/content";
import { Heading, type HeadingLevel } from "../components/heading";
import { hrefs } from "../hrefs";
import { AddToCart } from "./add-to-cart";
import { bundlePriceRows, bundlePrices } from "./bundle-prices";
import type { Buyer } from "./buyer";
import { PriceList } from "./price-list";

/** A bundle in a list: its name, what it costs this viewer and saves them, its webinars and "Add to cart". */
export function BundleCard({ bundle, buyer, now, level }: { bundle: WebinarBundle; buyer: Buyer; now: Date; level: HeadingLevel }) {
  const prices = bundlePrices(bundle, buyer, now);
  const count = bundle.webinars.length;
  return (
    <li className="card bundle-card">
      <div className="card__body">
        {prices.saving ? (
          <ul className="badges">
            <li className="badge badge--free">{prices.saving}</li>
          </ul>
        ) : null}
        <Heading level={level} className="card__title">
          <a href={hrefs.bundle(bundle.slug)} className="stretched-link">
            {bundle.bundleName}
          </a>
        </Heading>
        {bundle.description ? <p className="card__text">{bundle.description}</p> : null}
        {count > 0 ? (
          <p className="meta">
            {count} {count === 1 ? "webinar" : "webinars"}: {bundle.webinars.map((w) => w.name).join("; ")}
          </p>
        ) : null}
        <PriceList rows={bundlePriceRows(prices)} />
        <AddToCart
          item={{ kind: "bundle", id: bundle.id }}
          name={bundle.bundleName}
          unavailable={prices.unavailable}
          bundleWebinarIds={bundle.webinars.map((w) => w.id)}
        />
      </div>
    </li>
  );
}
