import type { WebinarSummary } from "../../services/content/model";
import type { HeadingLevel } from "../components/heading";
import { WebinarCard } from "./webinar-card";

export function WebinarCardList({ webinars, now, level }: { webinars: readonly WebinarSummary[]; now: Date; level: HeadingLevel }) {
  return (
    <ul className="card-grid">
      {webinars.map((webinar) => (
        <WebinarCard key={webinar.id} webinar={webinar} now={now} level={level} />
      ))}
    </ul>
  );
}
