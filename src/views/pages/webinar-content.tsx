import type { WebinarSummary } from "../../domain/content";
import type { SafeHtml } from "../../domain/content";
import { Breadcrumbs } from "../components/breadcrumbs";
import { Img } from "../components/img";
import { RichText } from "../components/rich-text";
import { hrefs } from "../../shared/links";
import { AddToCart } from "../webinars/add-to-cart";
import type { Buyer } from "../../domain/buyer";
import { WebinarBadges } from "../webinars/webinar-badges";
import { WebinarFacts } from "../webinars/webinar-facts";
import { webinarPrices } from "../webinars/webinar-prices";
import { webinarState } from "../webinars/webinar-state";
import { WebinarAccessPanel } from "../webinars/webinar-access-panel";
import { WebinarWhen } from "../webinars/webinar-when";
import type { WebinarAccess } from "../../domain/orders";

/**
 * A webinar's page. It takes the summary and description only: the live and recording links
 * (`Webinar["access"]`) are not part of its props, so they cannot be rendered by mistake; they
 * arrive only inside an `access` the route granted (services/orders/webinar-access).
 */
export interface WebinarContentProps {
  webinar: WebinarSummary & { description: SafeHtml | null };
  /** Whom the prices are for. */
  buyer: Buyer;
  now: Date;
  /** The ids of the bundles that contain this webinar (for the cart). */
  coveringBundleIds?: readonly string[];
  /** How this viewer may attend or watch now. */
  access: WebinarAccess;
  signedIn: boolean;
  /** The signed-in viewer's CSRF token (for joining live), or null. */
  csrfToken?: string | null;
}

export function WebinarContent({ webinar, buyer, now, coveringBundleIds, access, signedIn, csrfToken = null }: WebinarContentProps) {
  const state = webinarState(webinar, now);
  const prices = webinarPrices(webinar, buyer, now);
  return (
    <article className="webinar">
      <Breadcrumbs trail={[{ href: hrefs.webinars, label: "Webinars" }]} current={webinar.name} />
      <header className="page-header">
        <WebinarBadges prices={prices} />
        <h1>{webinar.name}</h1>
        <p className="lede">
          <WebinarWhen state={state} style="long" />
        </p>
      </header>
      <div className="detail-layout">
        <section className="detail-layout__side panel" aria-labelledby="webinar-details">
          <h2 id="webinar-details">Key details</h2>
          <WebinarFacts webinar={webinar} state={state} prices={prices} now={now} />
          <AddToCart item={{ kind: "webinar", id: webinar.id }} name={webinar.name} unavailable={prices.unavailable} coveringBundleIds={coveringBundleIds} />
        </section>
        <div className="detail-layout__main">
          {webinar.image ? <Img media={webinar.image} slot="content" priority className="rounded" /> : null}
          <h2>About this webinar</h2>
          <RichText html={webinar.description} />
          <WebinarAccessPanel
            access={access}
            upcoming={state.upcoming}
            signedIn={signedIn}
            calendarHref={state.upcoming ? `${hrefs.webinar(webinar.slug)}/calendar.ics` : null}
            webinarName={webinar.name}
            currentPath={hrefs.webinar(webinar.slug)}
            csrfToken={csrfToken}
            now={now}
          />
        </div>
      </div>
    </article>
  );
}
