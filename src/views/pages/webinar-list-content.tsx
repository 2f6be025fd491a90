import type { WebinarBundle, WebinarSummary } from "../../domain/content";
import { PageHeader } from "../components/page-header";
import { BundleCard } from "../webinars/bundle-card";
import type { Buyer } from "../webinars/buyer";
import { WebinarCardList } from "../webinars/webinar-card-list";
import { sortWebinars } from "../webinars/webinar-state";

export interface WebinarListContentProps {
  webinars: readonly WebinarSummary[];
  bundles: readonly WebinarBundle[];
  /** Whom the prices are for. */
  buyer: Buyer;
  now: Date;
}

/** Upcoming webinars (soonest first), bundles, then past webinars (latest first), priced for this viewer. */
export function WebinarListContent({ webinars, bundles, buyer, now }: WebinarListContentProps) {
  const { upcoming, past } = sortWebinars(webinars, now);
  return (
    <>
      <PageHeader
        title="Webinars"
        lede="Live online sessions with time for questions, and recordings of past sessions. All times are UK time."
      />
      <section aria-labelledby="upcoming-webinars" className="screen-section">
        <h2 id="upcoming-webinars">Upcoming webinars</h2>
        {upcoming.length > 0 ? (
          <WebinarCardList webinars={upcoming} buyer={buyer} now={now} level={3} leadsPage bundles={bundles} />
        ) : (
          <p className="notice">No webinars are scheduled at the moment. Please check back soon.</p>
        )}
      </section>
      {bundles.length > 0 ? (
        <section aria-labelledby="webinar-bundles" className="screen-section">
          <h2 id="webinar-bundles">Save with a bundle</h2>
          <ul className="card-grid">
            {bundles.map((bundle) => (
              <BundleCard key={bundle.id} bundle={bundle} buyer={buyer} now={now} level={3} />
            ))}
          </ul>
        </section>
      ) : null}
      {past.length > 0 ? (
        <section aria-labelledby="past-webinars" className="screen-section">
          <h2 id="past-webinars">Past webinars</h2>
          <WebinarCardList webinars={past} buyer={buyer} now={now} level={3} bundles={bundles} />
        </section>
      ) : null}
    </>
  );
}
