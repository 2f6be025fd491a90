/**
 * /staff/certificates: CPD certificates, newest first, searchable by number, name or activity,
 * each with its verification page and, while valid, a form to revoke it with a reason.
 */
import { certificateNumber, formatHours, type CpdCertificate } from "../../domain/cpd";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { describedBy, FieldMessages } from "../forms/field-messages";

export interface CertificatesListContentProps {
  certificates: readonly CpdCertificate[];
  search: string;
  limit: number;
  csrfToken: string;
  /** A revocation sent back with a problem: which certificate, and why. */
  problem: { certificateId: string; message: string } | null;
  revoked: string | null;
}

function RevokeForm({ certificate, csrfToken, error }: { certificate: CpdCertificate; csrfToken: string; error: string | null }) {
  const id = `reason-${certificate.id}`;
  return (
    <form method="post" action={`${hrefs.staffCertificates}/${encodeURIComponent(certificate.id)}/revoke`} className={error ? "field field--error" : "field"}>
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <label className="field__label" htmlFor={id}>
        Reason for revoking {certificateNumber(certificate.number)}
      </label>
      <FieldMessages id={id} name="reason" error={error} />
      <input className="field__input" id={id} name="reason" type="text" maxLength={500} required aria-invalid={error ? true : undefined} aria-describedby={describedBy({ id, error })} />
      <button type="submit" className="button button--secondary">
        Revoke<span className="visually-hidden"> {certificateNumber(certificate.number)}</span>
      </button>
    </form>
  );
}

export function CertificatesListContent({ certificates, search, limit, csrfToken, problem, revoked }: CertificatesListContentProps) {
  return (
    <div className="staff-screen">
      <h1>CPD certificates</h1>
      {revoked ? (
        <p className="notice notice--success" role="status">
          Certificate {revoked} is revoked: its verification page now says "not valid".
        </p>
      ) : null}
      <form method="get" action={hrefs.staffCertificates} role="search" className="field">
        <label className="field__label" htmlFor="q">
          Search by number, name or activity
        </label>
        <input className="field__input" id="q" name="q" type="search" defaultValue={search} maxLength={200} />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </form>
      {certificates.length === 0 ? (
        <p>No certificates{search ? " match this search" : " yet"}.</p>
      ) : (
        <table className="data-table">
          <caption>
            Certificates, newest first{certificates.length >= limit ? ` (the first ${limit}; search to narrow)` : ""}
          </caption>
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Name</th>
              <th scope="col">Activity</th>
              <th scope="col">Date</th>
              <th scope="col">Hours</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {certificates.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  <a href={hrefs.certificateVerification(c.id)}>{certificateNumber(c.number)}</a>
                </th>
                <td>
                  <a href={hrefs.staffMember(c.userId)}>{c.holderName}</a>
                </td>
                <td>{c.activity}</td>
                <td>
                  <DateTime value={`${c.activityDate}T12:00:00Z`} />
                </td>
                <td>{formatHours(c.hoursHundredths)}</td>
                <td>
                  {c.revokedAt ? (
                    <>
                      Revoked on <DateTime value={c.revokedAt} /> by {c.revokedBy}: {c.revokedReason}
                    </>
                  ) : (
                    <>
                      Valid
                      <RevokeForm certificate={c} csrfToken={csrfToken} error={problem?.certificateId === c.id ? problem.message : null} />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
