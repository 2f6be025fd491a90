import type { ApplicationStatus } from "../../adapters/d1/applications";
import { STATUS_LABELS } from "./labels";

/** An application's status in words, with a tone and a marker shape so colour is never the only cue. */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return <span className={`badge staff-status staff-status--${status.replace("_", "-")}`}>{STATUS_LABELS[status]}</span>;
}
