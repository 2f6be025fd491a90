import type { WebinarState } from "./webinar-state";

/** The states a visitor should notice first: live, free, past or archived. */
export function WebinarBadges({ state }: { state: WebinarState }) {
  const badges = [
    state.live ? { text: "Live now", tone: "live" } : null,
    !state.upcoming ? { text: state.archived ? "Archived" : "Past webinar", tone: "muted" } : null,
    state.freeForEveryone
      ? { text: "Free for everyone", tone: "free" }
      : state.freeForMembers
        ? { text: "Free for members", tone: "free" }
        : null,
  ].filter((badge): badge is { text: string; tone: string } => badge !== null);
  if (badges.length === 0) return null;
  return (
    <ul className="badges">
      {badges.map((badge) => (
        <li key={badge.text} className={`badge badge--${badge.tone}`}>
          {badge.text}
        </li>
      ))}
    </ul>
  );
}
