import type { WebinarBundle } from "../../domain/content";
import { Breadcrumbs } from "../components/breadcrumbs";
import { hrefs } from "../hrefs";
import { AddToCart } from "../webinars/add-to-cart";
import { bundlePriceRows, bundlePrices } from "../webinars/bundle-prices";
import type { Buyer } from "../webinars/buyer";
import { PriceList } from "../webinars/price-list";
import { WebinarCardList } from "../webinars/webinar-card-list";
import { sortWebinars } from "../webinars/webinar-state";

export interface BundleContentProps {
  bundle: WebinarBundle;
  /** Whom the prices are for. */
  buyer: Buyer;
  now: Date;
}

/** A bundle: what it is, what it costs and saves this viewer, "Add to cart", and its webinars in date order. */
export function BundleContent({ bundle, buyer, now }: BundleContentProps) {
  const prices = bundlePrices(bundle, buyer, now);
  const { upcoming, past } = sortWebinars(bundle.webinars, now);
  const count = bundle.webinars.length;
  return (
    <article className="bundle">
      <Breadcrumbs
        trail={[
          { href: hrefs.webinars, label: "Webinars" },
          { href: hrefs.bundles, label: "Bundles" },
        ]}
        current={bundle.bundleName}
      />
      <header className="page-header">
        <p className="eyebrow">Webinar bundle</p>
        <h1>{bundle.bundleName}</h1>
        {bundle.description ? <p className="lede">{bundle.description}</p> : null}
      </header>
      <section className="bundle-buy panel" aria-labelledby="bundle-price">
        <h2 id="bundle-price">Price</h2>
        {prices.saving ? (
          <p className="callout">
            <strong>{prices.saving}</strong> when you book {count === 1 ? "this webinar" : `these ${count} webinars`} together as a bundle.
          </p>
        ) : null}
        <PriceList rows={bundlePriceRows(prices)} />
        <AddToCart item={{ kind: "bundle", id: bundle.id }} name={bundle.bundleName} unavailable={prices.unavailable} bundleWebinarIds={bundle.webinars.map((w) => w.id)} />
      </section>
      <section aria-labelledby="bundle-webinars" className="screen-section">
        <h2 id="bundle-webinars">Webinars in this bundle</h2>
        {count > 0 ? (
          <WebinarCardList webinars={[...upcoming, ...past]} buyer={buyer} now={now} level={3} bundles={[bundle]} />
        ) : (
          <p className="notice">Webinars will be added to this bundle soon.</p>
        )}
      </section>
    </article>
  );
}
