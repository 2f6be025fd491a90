import type { WebinarSummary } from "../../services/content/model";
import type { SafeHtml } from "../../services/content/model";
import { Breadcrumbs } from "../components/breadcrumbs";
import { Img } from "../components/img";
import { RichText } from "../components/rich-text";
import { hrefs } from "../hrefs";
import { AccessPlaceholder } from "../webinars/access-placeholder";
import { WebinarBadges } from "../webinars/webinar-badges";
import { WebinarFacts } from "../webinars/webinar-facts";
import { webinarState } from "../webinars/webinar-state";
import { WebinarWhen } from "../webinars/webinar-when";

/**
 * A webinar's page. It takes the summary and description only: the live and recording links
 * (`Webinar["access"]`) are not part of its props, so they cannot be rendered by mistake.
 */
export interface WebinarContentProps {
  webinar: WebinarSummary & { description: SafeHtml | null };
  now: Date;
}

export function WebinarContent({ webinar, now }: WebinarContentProps) {
  const state = webinarState(webinar, now);
  return (
    <article className="webinar">
      <Breadcrumbs trail={[{ href: hrefs.webinars, label: "Webinars" }]} current={webinar.name} />
      <header className="page-header">
        <WebinarBadges state={state} />
        <h1>{webinar.name}</h1>
        <p className="lede">
          <WebinarWhen state={state} style="long" />
        </p>
      </header>
      <div className="detail-layout">
        <section className="detail-layout__side panel" aria-labelledby="webinar-details">
          <h2 id="webinar-details">Key details</h2>
          <WebinarFacts webinar={webinar} state={state} now={now} />
        </section>
        <div className="detail-layout__main">
          {webinar.image ? <Img media={webinar.image} slot="content" priority className="rounded" /> : null}
          <h2>About this webinar</h2>
          <RichText html={webinar.description} />
          <AccessPlaceholder state={state} />
        </div>
      </div>
    </article>
  );
}
