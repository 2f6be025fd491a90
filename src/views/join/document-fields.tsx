/**
 * The join form's documents: one file field per document some membership type asks for
 * (docs/decisions/0056). Without JavaScript every field is shown, its hint saying which types
 * need it; only the chosen type's are checked. Files are never sent back with the form, so after
 * a problem the hint asks for them again.
 */
import type { MembershipTerms } from "../../domain/membership";
import type { RequiredDocument } from "../../domain/content";
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_LABEL, documentField } from "../../shared/applicant-documents";
import { FileField } from "../forms/file-field";

/** Each document any type asks for, once, with the titles of the types that ask for it. */
export function requestedDocuments(terms: readonly MembershipTerms[]): { document: RequiredDocument; field: string; titles: string[] }[] {
  const byField = new Map<string, { document: RequiredDocument; field: string; titles: string[] }>();
  for (const t of terms) {
    for (const document of t.vetting.documents) {
      const field = documentField(document);
      const seen = byField.get(field) ?? { document, field, titles: [] };
      seen.titles.push(t.title);
      byField.set(field, seen);
    }
  }
  return [...byField.values()];
}

const list = (titles: readonly string[]) => (titles.length <= 1 ? titles.join("") : `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}`);

export function DocumentFields({ terms, errors, resubmitted }: { terms: readonly MembershipTerms[]; errors: Partial<Record<string, string>>; resubmitted: boolean }) {
  const requested = requestedDocuments(terms);
  if (requested.length === 0) return null;
  return (
    <fieldset className="form-section">
      <legend className="form-section__legend">
        <h3>Documents</h3>
      </legend>
      <p className="form-section__description">
        Some memberships are checked by our staff before they start. For those, upload the documents asked for here: a PDF, JPEG or PNG file of up to {DOCUMENT_MAX_LABEL} each.
        Only our membership staff see them.
      </p>
      {requested.map(({ document, field, titles }) => (
        <FileField
          key={field}
          id={field}
          label={document.name}
          accept={DOCUMENT_ACCEPT}
          hint={[
            `Needed for ${list(titles)}.`,
            document.hint,
            resubmitted ? "Files are not kept when the form comes back with a problem: choose the file again." : null,
          ]
            .filter(Boolean)
            .join(" ")}
          error={errors[field] ?? null}
        />
      ))}
    </fieldset>
  );
}
