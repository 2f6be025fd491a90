import type { WebinarBundle } from "../../domain/content";
import { Breadcrumbs } from "../components/breadcrumbs";
import { PageHeader } from "../components/page-header";
import { hrefs } from "../hrefs";
import { BundleCard } from "../webinars/bundle-card";
import type { Buyer } from "../webinars/buyer";

/** Every webinar bundle, priced for this viewer. */
export function BundleListContent({ bundles, buyer, now }: { bundles: readonly WebinarBundle[]; buyer: Buyer; now: Date }) {
  return (
    <>
      <Breadcrumbs trail={[{ href: hrefs.webinars, label: "Webinars" }]} current="Bundles" />
      <PageHeader title="Webinar bundles" lede="Related webinars sold together, for less than booking each one on its own." />
      {bundles.length === 0 ? (
        <p className="notice">
          There are no bundles at the moment. <a href={hrefs.webinars}>See all webinars</a>
        </p>
      ) : (
        <ul className="card-grid">
          {bundles.map((bundle) => (
            <BundleCard key={bundle.id} bundle={bundle} buyer={buyer} now={now} level={2} />
          ))}
        </ul>
      )}
    </>
  );
}
