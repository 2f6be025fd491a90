/**
 * /staff/exports/{kind}: a list's recent background exports, newest first, each with its state
 * in words and, once ready, its private download link and when it is deleted. No JavaScript: the
 * page says to reload it to see an export move on.
 */
import type { ExportKind, StaffExport } from "../../domain/staff-exports";
import { describeExport, exportFilePath } from "../../shared/export-words";
import { DateTime } from "../components/date-time";
import { StaffNav, type StaffArea } from "./staff-nav";
import { StaffTable } from "./staff-table";

const AREAS: Record<ExportKind, StaffArea> = { members: "members", applications: "applications", orders: "orders", ledger: "finance" };
const LISTS: Record<ExportKind, string> = { members: "/staff/members", applications: "/staff/applications", orders: "/staff/orders", ledger: "/staff/finance" };
/** What each kind is called in the page's words. */
const WHAT: Record<ExportKind, string> = { members: "members", applications: "applications", orders: "orders", ledger: "the finance ledger" };

const number = (n: number) => n.toLocaleString("en-GB");
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toLocaleString("en-GB", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;

function State({ exported, now }: { exported: StaffExport; now: string }) {
  switch (exported.status) {
    case "queued":
      return <>Waiting to start</>;
    case "running":
      return <>{`Being prepared: ${number(exported.rows)} of about ${number(exported.expectedRows)} rows written`}</>;
    case "completing":
      return <>{`Being finished: all ${number(exported.rows)} rows written`}</>;
    case "failed":
      return <>{`Could not be completed (${exported.failure ?? "no reason recorded"}): no file is offered. Ask for it again.`}</>;
    case "expired":
      return <>Expired: its file was deleted. Ask for it again.</>;
    case "ready":
      if (exported.expiresAt !== null && exported.expiresAt <= now) return <>Expired: its file is being deleted. Ask for it again.</>;
      return (
        <>
          <a href={exportFilePath(exported)} download>
            {`Download ${number(exported.rows)} rows (${megabytes(exported.bytes)})`}
          </a>
          {exported.expiresAt ? (
            <span className="staff-table__sub">
              {" "}
              Deleted on <DateTime value={exported.expiresAt} style="short" />
            </span>
          ) : null}
        </>
      );
  }
}

export function ExportsContent({ kind, exports, requested, now }: { kind: ExportKind; exports: readonly StaffExport[]; requested: string | null; now: string }) {
  const asked = requested ? exports.find((e) => e.id === requested) : undefined;
  return (
    <div className="staff-screen">
      <StaffNav current={AREAS[kind]} />
      <h1>{`Exports of ${WHAT[kind]}`}</h1>
      {asked ? (
        <p className="notice notice--success" role="status">
          {`Your export of ${WHAT[kind]} (${describeExport(asked)}) is being prepared. You will get an e-mail when it is ready; reload this page to see how far it has got.`}
        </p>
      ) : null}
      <p>
        Lists too big for one download are prepared here, a page at a time. A file is offered only once every row is in it, only to staff whose role includes
        {` ${WHAT[kind]}`}, and it is deleted 7 days after it is ready. <a href={LISTS[kind]}>Back to the list</a>
      </p>
      {exports.length === 0 ? (
        <p className="staff-empty" role="status">{`No exports of ${WHAT[kind]} yet.`}</p>
      ) : (
        <StaffTable
          caption={`Exports of ${WHAT[kind]}, newest first`}
          head={
            <>
              <th scope="col">Asked for</th>
              <th scope="col">By</th>
              <th scope="col">What</th>
              <th scope="col">State</th>
            </>
          }
        >
          {exports.map((e) => (
            <tr key={e.id} data-export-status={e.status}>
              <th scope="row">
                <DateTime value={e.requestedAt} style="short" />
              </th>
              <td className="staff-table__email">{e.requestedBy}</td>
              <td>{describeExport(e)}</td>
              <td>
                <State exported={e} now={now} />
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </div>
  );
}
