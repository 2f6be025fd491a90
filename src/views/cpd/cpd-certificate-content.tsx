/**
 * /user/cpd/certificates/{id}: a CPD certificate as its holder prints it: their name, the
 * webinar or event, its date and hours, what the society verified, the number, and the address anyone
 * can check it at.
 */
import { certificateNumber, isEventAttendance, type CpdCertificate } from "../../domain/cpd";
import { hrefs } from "../../shared/links";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";
import { CertificateEvidence } from "./certificate-evidence";
import { hoursInWords } from "./cpd-words";

export interface CpdCertificateContentProps {
  certificate: CpdCertificate;
  societyName: string;
  /** The site's origin, for the verification address printed on the certificate. */
  siteUrl: string;
}

export function CpdCertificateContent({ certificate, societyName, siteUrl }: CpdCertificateContentProps) {
  const verifyAt = `${siteUrl}${hrefs.certificateVerification(certificate.id)}`;
  return (
    <div className="account-screen proof">
      <p className="proof__back no-print">
        <a href={hrefs.cpd(Number(certificate.activityDate.slice(0, 4)))}>Back to your CPD log</a>
      </p>
      {certificate.revokedAt ? (
        <p className="notice" role="status">
          This certificate was revoked on <DateTime value={certificate.revokedAt} /> and is no longer valid.
        </p>
      ) : null}
      <article className="proof__card" aria-labelledby="certificate-title">
        <p className="proof__society">{societyName}</p>
        <h1 id="certificate-title">Certificate of continuing professional development</h1>
        <p>This certifies that</p>
        <p>
          <strong className="certificate__name">{certificate.holderName}</strong>
        </p>
        <p>{isEventAttendance(certificate.evidence) ? "attended the event" : "is recorded for the webinar"}</p>
        <dl className="summary-list">
          <SummaryRow label="Activity">{certificate.activity}</SummaryRow>
          <SummaryRow label="Date">
            <DateTime value={`${certificate.activityDate}T12:00:00Z`} style="long" />
          </SummaryRow>
          <SummaryRow label="CPD hours">{hoursInWords(certificate.hoursHundredths)}</SummaryRow>
          <SummaryRow label="What the society verified">
            <CertificateEvidence evidence={certificate.evidence} />
          </SummaryRow>
          <SummaryRow label="Certificate number">
            <strong>{certificateNumber(certificate.number)}</strong>
          </SummaryRow>
        </dl>
        <p className="proof__issued">
          Issued on <DateTime value={certificate.issuedAt} style="long" />. Check this certificate at <a href={verifyAt}>{verifyAt}</a>
        </p>
      </article>
      <p className="no-print">Use your browser's Print command (Ctrl+P, or ⌘+P on a Mac) to print this certificate or save it as a PDF.</p>
    </div>
  );
}
