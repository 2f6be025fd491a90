import type { ReactNode } from "react";
import type { WebinarSummary } from "../../domain/content";
import { DateTime } from "../components/date-time";
import { formatDuration, formatTimeRange, isoDuration } from "../format";
import { hrefs } from "../hrefs";
import { priceValue } from "./price-list";
import { priceRows, type WebinarPriceView } from "./webinar-prices";
import type { WebinarState } from "./webinar-state";

export interface WebinarFactsProps {
  webinar: WebinarSummary;
  state: WebinarState;
  /** What it costs this viewer (and a member), from the pricing module. */
  prices: WebinarPriceView;
  now: Date;
}

/** Every date of a webinar and what it costs this viewer, labelled, for its own page. */
export function WebinarFacts({ webinar, state, prices, now }: WebinarFactsProps) {
  const rows: [string, ReactNode][] = [
    ["Date", <DateTime key="d" value={state.start} style="long" />],
    ["Time", `${formatTimeRange(state.start, state.end)} (UK time)`],
    ["Duration", <time key="t" dateTime={isoDuration(webinar.durationMinutes)}>{formatDuration(webinar.durationMinutes)}</time>],
    ...priceRows(prices).map((row): [string, ReactNode] => [row.label, priceValue(row)]),
  ];
  const dated: [string, string | null, string, string][] = [
    ["Free for members", webinar.memberFreeDate, "Since", "From"],
    ["Free for everyone", webinar.defaultFreeDate, "Since", "From"],
    ["Archive", webinar.defaultArchiveDate, "Moved to the archive on", "Moves to the archive on"],
    ["Archive for members", webinar.memberArchiveDate, "Moved to the members’ archive on", "Moves to the members’ archive on"],
  ];
  for (const [label, iso, past, future] of dated) {
    if (!iso) continue;
    rows.push([label, <Dated key={label} iso={iso} now={now} past={past} future={future} />]);
  }
  if (webinar.bundle) {
    rows.push(["Bundle", <a key="b" href={hrefs.bundle(webinar.bundle.slug)}>{webinar.bundle.bundleName}</a>]);
  }
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label} className="facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Dated({ iso, now, past, future }: { iso: string; now: Date; past: string; future: string }) {
  return (
    <>
      {Date.parse(iso) <= now.getTime() ? past : future} <DateTime value={iso} />
    </>
  );
}
