import { type DateStyle, formatDate, formatTimeRange } from "../format";
import type { WebinarState } from "./webinar-state";

/** "Tue 1 Dec 2026, 18:00–19:30 GMT", in UK time. */
export function WebinarWhen({ state, style = "short" }: { state: WebinarState; style?: DateStyle }) {
  return (
    <time dateTime={state.start.toISOString()}>
      {formatDate(state.start, style)}, {formatTimeRange(state.start, state.end)}
    </time>
  );
}
