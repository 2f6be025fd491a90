import type { WebinarBundle } from "../../services/content/model";
import { Breadcrumbs } from "../components/breadcrumbs";
import { hrefs } from "../hrefs";
import { bundleDiscount } from "../webinars/bundle-discount";
import { WebinarCardList } from "../webinars/webinar-card-list";
import { sortWebinars } from "../webinars/webinar-state";

/** A bundle: what it is, what it saves and its webinars in date order. */
export function BundleContent({ bundle, now = new Date() }: { bundle: WebinarBundle; now?: Date }) {
  const discount = bundleDiscount(bundle);
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
      {discount ? (
        <p className="callout">
          <strong>{discount}</strong> when you book all {count} {count === 1 ? "webinar" : "webinars"} in this bundle together.
        </p>
      ) : null}
      <section aria-labelledby="bundle-webinars" className="screen-section">
        <h2 id="bundle-webinars">Webinars in this bundle</h2>
        {count > 0 ? (
          <WebinarCardList webinars={[...upcoming, ...past]} now={now} level={3} />
        ) : (
          <p className="notice">Webinars will be added to this bundle soon.</p>
        )}
      </section>
    </article>
  );
}
