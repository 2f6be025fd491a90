/**
 * An applicant's uploaded document, checked by what its bytes are (docs/decisions/0056): a PDF,
 * a JPEG or a PNG, whatever its name or the browser's declared type say. A script, an SVG or an
 * HTML page renamed `certificate.png` starts with none of the three signatures and is refused,
 * so the site never stores (or later serves) anything a browser could run.
 */
import type { RequiredDocument } from "../../domain/content";
import type { DocumentContentType } from "../../domain/membership";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_LABEL, documentField } from "../../shared/applicant-documents";


/** The signature each accepted kind of file starts with. */
const SIGNATURES: readonly { type: DocumentContentType; bytes: readonly number[] }[] = [
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
];

/** What the file's first bytes show it to be, or null when it is none of the accepted kinds. */
export function documentTypeOf(bytes: Uint8Array): DocumentContentType | null {
  return SIGNATURES.find((s) => s.bytes.every((byte, i) => bytes[i] === byte))?.type ?? null;
}

/** A file as the form sent it. */
export interface SentFile {
  name: string;
  size: number;
  bytes: () => Promise<Uint8Array>;
}

/** A document that passed the checks, ready to store. */
export interface CheckedDocument {
  requirement: string;
  fileName: string;
  contentType: DocumentContentType;
  bytes: Uint8Array;
}

export type DocumentCheck = { ok: true; document: CheckedDocument } | { ok: false; message: string };

/** The file's own name, kept short and printable (it is shown to staff and in a download header). */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const printable = base.replace(/[^\p{L}\p{N} ._()-]/gu, "_").trim().slice(0, 120);
  return printable || "document";
}

/** Checks one upload for `requirement`: present, not empty, not too big, and a PDF, JPEG or PNG by content. */
export async function checkDocument(requirement: string, file: SentFile | null): Promise<DocumentCheck> {
  const what = requirement.charAt(0).toLowerCase() + requirement.slice(1);
  if (!file || (file.size === 0 && !file.name)) return { ok: false, message: `Upload your ${what}` };
  if (file.size === 0) return { ok: false, message: `The file you chose for your ${what} is empty. Choose the file again` };
  if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, message: `Your ${what} must be ${DOCUMENT_MAX_LABEL} or smaller. Choose a smaller file, or scan it at a lower resolution` };
  const bytes = await file.bytes();
  const contentType = documentTypeOf(bytes);
  if (!contentType) return { ok: false, message: `Your ${what} must be a PDF, JPEG or PNG file. The file you chose is not one of these, whatever its name says` };
  return { ok: true, document: { requirement, fileName: cleanFileName(file.name), contentType, bytes } };
}

/** A form's file field as a SentFile, or null when the field is missing or not a file. */
export function sentFile(value: unknown): SentFile | null {
  if (typeof File === "undefined" || !(value instanceof File)) return null;
  return { name: value.name, size: value.size, bytes: async () => new Uint8Array(await value.arrayBuffer()) };
}

/**
 * The membership's required documents from a submitted form: each checked by content, each
 * problem under its field's name (so it is shown beside that field).
 */
export async function checkRequiredDocuments(
  required: readonly RequiredDocument[],
  body: Record<string, unknown>,
): Promise<{ documents: CheckedDocument[]; errors: Record<string, string> }> {
  const documents: CheckedDocument[] = [];
  const errors: Record<string, string> = {};
  for (const document of required) {
    const field = documentField(document);
    const checked = await checkDocument(document.name, sentFile(body[field]));
    if (checked.ok) documents.push(checked.document);
    else errors[field] = checked.message;
  }
  return { documents, errors };
}
