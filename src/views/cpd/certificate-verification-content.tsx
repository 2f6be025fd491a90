/**
 * /certificates/{id}: the public check of a CPD certificate. A valid one shows only the holder's
 * name, the activity, its date, the hours, what the society verified of the attendance, and
 * "valid"; a revoked one says so with the day it was revoked, and nothing it no longer vouches
 * for; an unknown or altered id says "not valid" and nothing more.
 */
import { isEventAttendance, type CertificateCheck } from "../../domain/cpd";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";
import { CertificateEvidence } from "./certificate-evidence";
import { hoursInWords } from "./cpd-words";

export function CertificateVerificationContent({ check }: { check: CertificateCheck | null }) {
  if (!check) {
    return (
      <div className="account-screen">
        <h1>Certificate not valid</h1>
        <p data-certificate-status="not valid">
          This address does not match a valid certificate: it is <strong>not valid</strong>. Check that the address was copied in full, or ask the person who
          gave it to you.
        </p>
      </div>
    );
  }
  if (check.status === "revoked" && check.event) {
    return (
      <div className="account-screen">
        <h1>Certificate withdrawn</h1>
        <p data-certificate-status="withdrawn">
          Withdrawn on <DateTime value={check.revokedAt} />: this certificate is <strong>not valid</strong>, and will not be again. The society withdrew it, for
          example because the place at the event was refunded or cancelled. Ask the person who gave it to you.
        </p>
      </div>
    );
  }
  if (check.status === "revoked") {
    return (
      <div className="account-screen">
        <h1>Certificate revoked</h1>
        <p data-certificate-status="revoked">
          Revoked on <DateTime value={check.revokedAt} />: this certificate is <strong>not valid</strong>. The society withdrew it, for example because the
          webinar was refunded or cancelled. Ask the person who gave it to you.
        </p>
      </div>
    );
  }
  const { certificate } = check;
  return (
    <div className="account-screen">
      <h1>Certificate check</h1>
      <p data-certificate-status="valid">
        This certificate is <strong>valid</strong>.
      </p>
      <dl className="summary-list">
        <SummaryRow label="Name">{certificate.holderName}</SummaryRow>
        <SummaryRow label={isEventAttendance(certificate.evidence) ? "Event" : "Activity"}>{certificate.activity}</SummaryRow>
        <SummaryRow label="Date">
          <DateTime value={`${certificate.activityDate}T12:00:00Z`} style="long" />
        </SummaryRow>
        <SummaryRow label="CPD hours">{hoursInWords(certificate.hoursHundredths)}</SummaryRow>
        <SummaryRow label="What the society verified">
          <CertificateEvidence evidence={certificate.evidence} />
        </SummaryRow>
      </dl>
    </div>
  );
}
