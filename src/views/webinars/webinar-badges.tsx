import type { WebinarPriceView } from "./webinar-prices";

interface Badge {
  text: string;
  tone: "live" | "muted" | "free";
}

/** What to notice first, for this viewer: live now, past or a recording, and owned or free. */
export function WebinarBadges({ prices }: { prices: WebinarPriceView }) {
  const { offer } = prices;
  const badges: Badge[] = [];
  if (offer.phase === "live") badges.push({ text: "Live now", tone: "live" });
  if (offer.phase === "ended") badges.push({ text: "Past webinar", tone: "muted" });
  if (offer.phase === "recording") badges.push({ text: "Recording", tone: "muted" });
  if (prices.owned) badges.push({ text: "You have this webinar", tone: "free" });
  else if (offer.price.kind === "free") badges.push({ text: offer.price.reason === "free-for-members" ? "Free for members" : "Free", tone: "free" });
  else if (offer.memberPrice?.kind === "free") badges.push({ text: "Free for members", tone: "free" });
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
