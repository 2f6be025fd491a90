/**
 * /user/membership's part about changing membership type: what the last change did, a downgrade
 * waiting for the renewal, an upgrade waiting for its amount due (with its reference: it takes
 * effect when paid), the way to change, and the changes made so far.
 */
import type { Application, MembershipRecord } from "../../domain/membership";
import type { ChangeStatus, MemberState, MembershipChange } from "../../domain/membership-lifecycle";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";
import { formatPence } from "../format";

export interface MembershipChangesSectionProps {
  record: MembershipRecord;
  state: MemberState | null;
  openApplications: readonly Application[];
  changes: readonly MembershipChange[];
  /** `?changed=`: what the change just made did (upgrade, downgrade, sideways, kept). */
  changed: string | null;
  offlineInstructions: string;
}

const CHANGED_TEXT: Record<string, string> = {
  upgrade: "Your membership has changed, starting today.",
  "upgrade-requested": "Your change is asked for. It takes effect when your payment of the amount due below arrives; until then your membership stays as it is.",
  sideways: "Your membership has changed, starting today.",
  downgrade: "Your membership will change at your next renewal. Until then nothing changes.",
  kept: "You are keeping your membership as it is; the change waiting for your renewal is withdrawn.",
};

const STATUS_TEXT: Record<ChangeStatus, string> = {
  applied: "In effect",
  awaiting_payment: "When your payment arrives",
  scheduled: "At the next renewal",
  withdrawn: "Withdrawn",
  reverted: "Undone (not paid)",
};

const isMember = (state: MemberState | null) => state?.kind === "active" || state?.kind === "renewal_due" || state?.kind === "in_grace";

export function MembershipChangesSection({ record, state, openApplications, changes, changed, offlineInstructions }: MembershipChangesSectionProps) {
  const due = openApplications.find((a) => a.kind === "change") ?? null;
  const notice = changed ? CHANGED_TEXT[changed] : undefined;
  return (
    <>
      {notice ? (
        <div className="notice notice--success" role="status" data-changed={changed}>
          <p>{notice}</p>
        </div>
      ) : null}
      {record.nextMembership ? (
        <p data-scheduled-change={record.nextMembership.slug}>
          From your renewal on <DateTime value={record.nextMembership.from} style="long" /> you will be a <strong>{record.nextMembership.title}</strong>.
        </p>
      ) : null}
      {due ? (
        <section aria-labelledby="change-due" className="screen-section" data-change-due="">
          <h2 id="change-due">Amount due for your change</h2>
          <dl className="summary-list">
            <SummaryRow label="For">{due.membershipTitle}, for the rest of this period, from when your payment arrives</SummaryRow>
            <SummaryRow label="Amount due"><strong>{formatPence(due.amountDuePence)}</strong></SummaryRow>
            <SummaryRow label="Your payment reference"><strong>{due.reference}</strong></SummaryRow>
          </dl>
          <p>{offlineInstructions}</p>
        </section>
      ) : null}
      {isMember(state) && !(state.kind === "active" && state.ending) ? (
        <p>
          <a href="/user/membership/change">Change membership type</a>
        </p>
      ) : null}
      {changes.length > 0 ? (
        <section aria-labelledby="changes" className="screen-section">
          <h2 id="changes">Changes of membership type</h2>
          <table className="data-table">
            <caption className="visually-hidden">Changes of membership type you asked for, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Asked on</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Paid</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.id}>
                  <td>
                    <DateTime value={change.createdAt} />
                  </td>
                  <td>{change.from.title}</td>
                  <td>{change.to.title}</td>
                  <td>{change.amountPence > 0 ? formatPence(change.amountPence) : "Nothing"}</td>
                  <td>{STATUS_TEXT[change.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
