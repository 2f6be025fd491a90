/**
 * /certificates/{id}: the public check of a CPD certificate. A valid one shows only the holder's
 * name, the activity, its date, the hours and "valid"; anything else (unknown, altered, revoked)
 * says "not valid" and nothing more.
 */
import type { CpdCertificate } from "../../domain/cpd";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";
import { hoursInWords } from "./cpd-words";

export function CertificateVerificationContent({ certificate }: { certificate: CpdCertificate | null }) {
  if (!certificate) {
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
  return (
    <div className="account-screen">
      <h1>Certificate check</h1>
      <p data-certificate-status="valid">
        This certificate is <strong>valid</strong>.
      </p>
      <dl className="summary-list">
        <SummaryRow label="Name">{certificate.holderName}</SummaryRow>
        <SummaryRow label="Activity">{certificate.activity}</SummaryRow>
        <SummaryRow label="Date">
          <DateTime value={`${certificate.activityDate}T12:00:00Z`} style="long" />
        </SummaryRow>
        <SummaryRow label="CPD hours">{hoursInWords(certificate.hoursHundredths)}</SummaryRow>
      </dl>
    </div>
  );
}
