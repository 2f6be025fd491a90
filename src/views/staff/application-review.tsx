/**
 * The review part of /staff/applications/:id for a membership that needs approval
 * (docs/decisions/0056): where the application stands, the applicant's documents shown inline
 * (images as images, PDFs in a frame, each also a link), the regulator register's answer, and the
 * approve and ask-for-more forms. The forms carry the application as staff saw it (`seen`), so a
 * step on an outdated page is refused rather than applied.
 */
import type { ApplicationDocument, Application, VettingState } from "../../domain/membership";
import type { RegisterCheck } from "../../domain/regulator-register";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { errorIn } from "./action-forms";
import { StaffField } from "./staff-field";
import { At, Row } from "./summary";

export const VETTING_LABELS: Record<VettingState, string> = {
  pending: "Waiting for review",
  more_info: "Waiting for the applicant's answer",
  approved: "Approved: the applicant may pay",
  rejected: "Rejected",
};

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export const staffDocumentHref = (applicationId: string, documentId: string) =>
  `/staff/applications/${encodeURIComponent(applicationId)}/documents/${encodeURIComponent(documentId)}`;

function RegisterAnswer({ check }: { check: RegisterCheck }) {
  if (check.kind === "listed") return <>{`Listed on ${check.register} as ${check.registeredName}`}</>;
  if (check.kind === "not-listed") return <strong>{`Not listed on ${check.register}`}</strong>;
  return <>{`Not checked: ${check.why}`}</>;
}

export interface ReviewSectionProps {
  application: Application;
  documents: readonly ApplicationDocument[];
  register: RegisterCheck;
}

/** Where the review stands, the register's answer and the documents. */
export function ReviewSection({ application: a, documents, register }: ReviewSectionProps) {
  if (!a.vetting) return null;
  return (
    <section aria-labelledby="review-title" data-vetting={a.vetting}>
      <h2 id="review-title">Review before activation</h2>
      <dl className="summary-list">
        <Row label="Review">{VETTING_LABELS[a.vetting]}</Row>
        {a.vetting === "more_info" && a.vettingRequest ? <Row label="Asked of the applicant">{a.vettingRequest}</Row> : null}
        <Row label="Regulator register">
          <RegisterAnswer check={register} />
        </Row>
      </dl>
      <h3>Documents</h3>
      {documents.length === 0 ? (
        <p>The applicant has uploaded no documents.</p>
      ) : (
        <ul className="review-documents">
          {documents.map((d) => {
            const href = staffDocumentHref(a.id, d.id);
            return (
              <li key={d.id} className="review-document" data-document={d.id}>
                <p>
                  <strong>{d.requirement}</strong>: <a href={href}>{d.fileName}</a> ({d.contentType === "application/pdf" ? "PDF" : d.contentType === "image/png" ? "PNG" : "JPEG"},{" "}
                  {size(d.sizeBytes)}), uploaded <At value={d.uploadedAt} />
                </p>
                {d.contentType === "application/pdf" ? (
                  <iframe className="review-document__frame" src={href} title={`${d.requirement}: ${d.fileName}`} />
                ) : (
                  <img className="review-document__image" src={href} alt={`${d.requirement} uploaded by the applicant (${d.fileName})`} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export interface ReviewFormsProps {
  action: string;
  csrfToken: string;
  /** The application's `updatedAt` as this page shows it. */
  seen: string;
  problems: readonly FieldProblem[];
  request: string;
}

/** Approve, or ask the applicant for more (the reject form follows them on the page). */
export function ReviewForms({ action, csrfToken, seen, problems, request }: ReviewFormsProps) {
  return (
    <>
      <section className="staff-action" aria-labelledby="approve-title">
        <h2 id="approve-title">Approve</h2>
        <p>Approving lets the applicant pay: they are e-mailed, and a card payer pays from their membership page; an offline payer is sent a pro-forma invoice. The membership starts when the payment arrives.</p>
        <form method="post" action={`${action}/approve`} className="form">
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <input type="hidden" name="seen" value={seen} />
          <div className="form__actions">
            <button type="submit" className="button">
              Approve application
            </button>
          </div>
        </form>
      </section>
      <section className="staff-action" aria-labelledby="more-title">
        <h2 id="more-title">Ask for more information</h2>
        <ErrorSummary problems={problems} title="Nothing was asked" />
        <form method="post" action={`${action}/more-information`} className="form" noValidate>
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <input type="hidden" name="seen" value={seen} />
          <StaffField
            id="request"
            label="What the applicant should send"
            kind="textarea"
            hint="Between 5 and 500 characters. E-mailed to the applicant, who answers with a document from their membership page."
            maxLength={500}
            value={request}
            error={errorIn(problems, "request")}
          />
          <div className="form__actions">
            <button type="submit" className="button button--secondary">
              Ask the applicant
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
