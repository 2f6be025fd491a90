/**
 * What the join form and the membership page say about applicants' documents, and how a required
 * document's form field is named: shared by the views and the checks (services/vetting).
 */
import type { RequiredDocument } from "../domain/content";

/** The largest file accepted: enough for a phone photo or a scanned certificate. */
export const DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_MAX_LABEL = "5 MB";

/** What the file picker offers: the three accepted kinds (the server checks the content whatever is chosen). */
export const DOCUMENT_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

/** The form field of a required document: its name made safe for an id. */
export const documentField = (document: Pick<RequiredDocument, "name">): string =>
  `document-${document.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "file"}`;
