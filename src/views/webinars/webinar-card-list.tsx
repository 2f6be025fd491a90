import type { WebinarSummary } from "../../services/content/model";
import type { HeadingLevel } from "../components/heading";
import { WebinarCard } from "./webinar-card";

export interface WebinarCardListProps {
  webinars: readonly WebinarSummary[];
  now: Date;
  level: HeadingLevel;
  /** The list opens the page: its first card's image is in the first view, so load it eagerly. */
  leadsPage?: boolean;
}

export function WebinarCardList({ webinars, now, level, leadsPage = false }: WebinarCardListProps) {
  return (
    <ul className="card-grid">
      {webinars.map((webinar, index) => (
        <WebinarCard key={webinar.id} webinar={webinar} now={now} level={level} priority={leadsPage && index === 0} />
      ))}
    </ul>
  );
}
