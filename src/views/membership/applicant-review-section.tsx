/**
 * /user/membership for an application that needs staff's approval (docs/decisions/0056): that
 * nothing is to be paid yet, staff's question when they asked for more (with the form to answer
 * it by uploading a document), and the documents the applicant sent, each openable by them.
 */
import type { Application, ApplicationDocument } from "../../domain/membership";
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_LABEL } from "../../shared/applicant-documents";
import { DateTime } from "../components/date-time";
import { ErrorSummary } from "../forms/error-summary";
import { FileField } from "../forms/file-field";

export const ownDocumentHref = (documentId: string) => `/user/membership/documents/${encodeURIComponent(documentId)}`;

export interface ApplicantReviewSectionProps {
  application: Application;
  documents: readonly ApplicationDocument[];
  csrfToken: string;
  /** The problem with the last upload (nothing was sent), shown beside the field. */
  problem: string | null;
}

export function ApplicantReviewSection({ application, documents, csrfToken, problem }: ApplicantReviewSectionProps) {
  const waiting = application.status === "awaiting_payment" && (application.vetting === "pending" || application.vetting === "more_info");
  return (
    <section aria-labelledby="review" className="screen-section" data-applicant-review={application.vetting ?? ""}>
      <h2 id="review">{waiting ? "Your application is being checked" : "Your documents"}</h2>
      {application.vetting === "pending" && waiting ? (
        <p>
          Our staff check every application for {application.membershipTitle} before it starts. <strong>Please do not pay yet.</strong> We will e-mail you
          when your application is approved, with how to pay, or if we need anything more from you.
        </p>
      ) : null}
      {application.vetting === "more_info" && waiting ? (
        <>
          <p>
            <strong>We need more from you before we can decide.</strong> Please do not pay yet.
          </p>
          {application.vettingRequest ? <blockquote className="review-request">{application.vettingRequest}</blockquote> : null}
          <ErrorSummary problems={problem ? [{ field: "document", message: problem }] : []} title="Nothing was sent" />
          <form method="post" action="/user/membership/more-information" encType="multipart/form-data" className="form" noValidate>
            <input type="hidden" name="csrfToken" value={csrfToken} />
            <FileField
              id="document"
              label="Your document"
              accept={DOCUMENT_ACCEPT}
              hint={`A PDF, JPEG or PNG file of up to ${DOCUMENT_MAX_LABEL}. Only our membership staff see it.`}
              error={problem}
              required
            />
            <div className="form__actions">
              <button type="submit" className="button">
                Send to the membership office
              </button>
            </div>
          </form>
        </>
      ) : null}
      {documents.length > 0 ? (
        <>
          <h3>Documents you sent</h3>
          <ul>
            {documents.map((d) => (
              <li key={d.id}>
                {d.requirement}: <a href={ownDocumentHref(d.id)}>{d.fileName}</a>, sent <DateTime value={d.uploadedAt} style="long" />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
