import type { WebinarSummary } from "../../services/content/model";
import { Heading, type HeadingLevel } from "../components/heading";
import { Img } from "../components/img";
import { hrefs } from "../hrefs";
import { WebinarBadges } from "./webinar-badges";
import { priceRows } from "./webinar-prices";
import { webinarState } from "./webinar-state";
import { WebinarWhen } from "./webinar-when";

export interface WebinarCardProps {
  webinar: WebinarSummary;
  now: Date;
  level: HeadingLevel;
  /** Load the image eagerly at high priority (the first card of a page). */
  priority?: boolean;
}

/** A webinar in a list: when, what it costs (standard and member), its state and its bundle. */
export function WebinarCard({ webinar, now, level, priority = false }: WebinarCardProps) {
  const state = webinarState(webinar, now);
  return (
    <li className="card webinar-card">
      {webinar.image ? <Img media={webinar.image} slot="card" decorative className="card__image" priority={priority} /> : null}
      <div className="card__body">
        <WebinarBadges state={state} />
        <Heading level={level} className="card__title">
          <a href={hrefs.webinar(webinar.slug)} className="stretched-link">
            {webinar.name}
          </a>
        </Heading>
        <p className="webinar-card__when">
          <WebinarWhen state={state} />
        </p>
        <dl className="price-list">
          {priceRows(webinar, state).map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
        {webinar.bundle ? (
          <p className="webinar-card__bundle">
            Part of <a href={hrefs.bundle(webinar.bundle.slug)}>{webinar.bundle.bundleName}</a>
          </p>
        ) : null}
      </div>
    </li>
  );
}
