import type { ReactNode } from "react";
import type { WebinarSummary } from "../../services/content/model";
import { DateTime } from "../components/date-time";
import { formatDuration, formatTimeRange, isoDuration } from "../format";
import { hrefs } from "../hrefs";
import { memberPrice, standardPrice } from "./webinar-prices";
import type { WebinarState } from "./webinar-state";

/** Every date and price of a webinar, labelled, for its own page. */
export function WebinarFacts({ webinar, state, now }: { webinar: WebinarSummary; state: WebinarState; now: Date }) {
  const member = memberPrice(webinar, state);
  const rows: [string, ReactNode][] = [
    ["Date", <DateTime key="d" value={state.start} style="long" />],
    ["Time", `${formatTimeRange(state.start, state.end)} (UK time)`],
    ["Duration", <time key="t" dateTime={isoDuration(webinar.durationMinutes)}>{formatDuration(webinar.durationMinutes)}</time>],
    ["Price", standardPrice(webinar, state)],
    ["Member price", member ?? "Same as the standard price"],
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
