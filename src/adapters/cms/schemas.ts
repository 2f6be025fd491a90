/**
 * Zod schemas for the pieces every CMS response shares, each mapping Strapi's v4-compatible
 * shape into the content domain. Optional fields may be missing or null; malformed ones fail.
 */
import * as z from "zod";
import type { CallToAction, EvidenceNeed, FileType, Media, MediaFormat, MembershipEvidence, MembershipSummary, PageRef, SafeHtml, Seo, WebinarSummary } from "../../domain/content";
import { DEFAULT_EVIDENCE, registrationPattern } from "../../shared/join-form";
import { VAT_TREATMENTS, type VatTreatment } from "../../shared/pricing/vat";
import { log } from "../../log";
import { isSiteUpload } from "./media-urls";
import { markdownToSafeHtml } from "./rich-text";

export const optionalString = z
  .string()
  .nullish()
  .transform((value) => (value === undefined || value === null || value.trim() === "" ? null : value));

/** A CMS rich-text (Markdown) field, sanitised into HTML; empty or missing gives null. */
export const optionalRichText = optionalString.transform((value): SafeHtml | null =>
  value === null ? null : markdownToSafeHtml(value),
);

export const optionalNumber = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)])
  .nullish()
  .transform((value) => value ?? null);

export const optionalBoolean = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

/**
 * A VAT treatment; an entry saved before the field existed has none and takes the CMS field's
 * default, the standard rate. Anything else is a malformed response.
 */
export const vatTreatment = z
  .enum(VAT_TREATMENTS as [VatTreatment, ...VatTreatment[]])
  .nullish()
  .transform((value): VatTreatment => value ?? "standard");

const id = z.union([z.string(), z.number()]).transform(String);

/**
 * `{ data: { id, attributes } | null }` (or null: Strapi's v4-compatible mode gives null for an
 * empty to-one relation or media field) -> the mapped attributes (with id), or null.
 */
export function relationOne<T extends z.ZodType>(attributes: T) {
  return z
    .object({ data: z.object({ id: id.optional(), attributes }).nullish() })
    .nullish()
    .transform((value) => {
      const entity = value?.data as { id?: string; attributes: z.output<T> } | null | undefined;
      return entity ? withId(entity.attributes, entity.id) : null;
    });
}

/**
 * `{ data: [{ id, attributes }] }` -> the mapped attributes (with ids). To-many relations have
 * this shape only through `<field>_connection`, which the queries alias back to `<field>`.
 */
export function relationMany<T extends z.ZodType>(attributes: T) {
  return z
    .object({ data: z.array(z.object({ id: id.optional(), attributes })) })
    .nullish()
    .transform((value) => {
      const entities = (value?.data ?? []) as { id?: string; attributes: z.output<T> }[];
      return entities.map((entity) => withId(entity.attributes, entity.id));
    });
}

/**
 * The mapped attributes with the entity's id. Where the mapping already took the document's
 * lasting documentId as its id (webinars, memberships), that stays, and the published row's
 * numeric id (which Strapi changes on every publish) is kept beside it as `legacyId`.
 */
function withId<T>(attributes: T, entityId: string | undefined): T {
  if (entityId === undefined || typeof attributes !== "object" || attributes === null) return attributes;
  if ("id" in attributes && typeof attributes.id === "string") return attributes.id === entityId ? attributes : { ...attributes, legacyId: entityId };
  return { ...attributes, id: entityId };
}

export function fileTypeOf(ext: string | null, mime: string | null): FileType {
  const normalised = (ext ?? "").replace(/^\./, "").toLowerCase();
  if (normalised === "jpg" || normalised === "jpeg" || mime === "image/jpeg") return "jpg";
  if (normalised === "png" || mime === "image/png") return "png";
  if (normalised === "svg" || mime === "image/svg+xml") return "svg";
  return "other";
}

const MediaFormats = z
  .record(
    z.string(),
    z.object({ url: z.string().min(1), width: z.number().positive(), height: z.number().positive() }).loose(),
  )
  .nullish()
  .catch(null)
  .transform((formats): MediaFormat[] =>
    Object.entries(formats ?? {})
      .filter(([, f]) => isSiteUpload(f.url))
      .map(([name, f]) => ({ name, url: f.url, width: f.width, height: f.height }))
      .sort((a, b) => a.width - b.width),
  );

export const MediaAttributes = z
  .object({
    url: z.string().min(1),
    previewUrl: optionalString,
    width: optionalNumber,
    height: optionalNumber,
    alternativeText: optionalString,
    name: z.string().nullish(),
    hash: z.string().nullish(),
    ext: optionalString,
    mime: optionalString,
    formats: MediaFormats,
  })
  // Only a site upload path is ever rendered (media-urls.ts): a file on another host is no file.
  // Logged, because a wrong CMS_MEDIA_URL empties every media field at once.
  .transform((m): Media | null => {
    if (!isSiteUpload(m.url)) {
      log.warn("cms.media_refused", { url: m.url, reason: "not /uploads/<file> once CMS_MEDIA_URL is applied" });
      return null;
    }
    return {
      url: m.url,
      previewUrl: m.previewUrl && isSiteUpload(m.previewUrl) ? m.previewUrl : null,
      width: m.width,
      height: m.height,
      alternativeText: m.alternativeText,
      name: m.name ?? "",
      hash: m.hash ?? "",
      ext: m.ext ?? "",
      mime: m.mime,
      fileType: fileTypeOf(m.ext, m.mime),
      formats: m.formats,
    };
  });

export const media = relationOne(MediaAttributes).transform((value): Media | null => value);

export const PageRefAttributes = z
  .object({ title: optionalString, slug: optionalString, type: optionalString })
  .transform((p): PageRef => ({ title: p.title, slug: p.slug, type: p.type }));

export const pageRef = relationOne(PageRefAttributes).transform((value): PageRef | null => value);
export const pageRefs = relationMany(PageRefAttributes).transform((value): PageRef[] => value);

export const seo = z
  .object({ metaTitle: optionalString, metaDescription: optionalString, shareImage: media })
  .nullish()
  .transform((value): Seo | null => value ?? null);

export const callToAction = z
  .object({ label: z.string().min(1), url: optionalString, page: pageRef })
  .nullish()
  .transform((value): CallToAction | null => value ?? null);

export const WebinarSummaryAttributes = z
  .object({
    id: z.string().optional(),
    documentId: z.string().min(1).optional(),
    name: z.string().min(1),
    slug: z.string().min(1),
    date: z.iso.datetime({ offset: true }),
    durationMinutes: optionalNumber,
    defaultPrice: optionalNumber,
    stripePriceId: optionalString,
    stripeProductId: optionalString,
    memberPrice: optionalNumber,
    memberPriceId: optionalString,
    defaultFreeDate: z.iso.datetime({ offset: true }).nullish(),
    defaultArchiveDate: z.iso.datetime({ offset: true }).nullish(),
    memberFreeDate: z.iso.datetime({ offset: true }).nullish(),
    memberArchiveDate: z.iso.datetime({ offset: true }).nullish(),
    image: media,
    bundle: relationOne(z.object({ bundleName: z.string(), slug: z.string() })),
    vatTreatment,
  })
  .transform(
    (w): WebinarSummary => ({
      // The document's lasting id: Strapi gives the published row a new numeric id on every publish.
      id: w.documentId ?? w.id ?? w.slug,
      name: w.name,
      slug: w.slug,
      date: w.date,
      durationMinutes: w.durationMinutes ?? 60,
      image: w.image,
      bundle: w.bundle ? { bundleName: w.bundle.bundleName, slug: w.bundle.slug } : null,
      defaultPrice: w.defaultPrice,
      stripePriceId: w.stripePriceId,
      stripeProductId: w.stripeProductId,
      memberPrice: w.memberPrice,
      memberPriceId: w.memberPriceId,
      defaultFreeDate: w.defaultFreeDate ?? null,
      defaultArchiveDate: w.defaultArchiveDate ?? null,
      memberFreeDate: w.memberFreeDate ?? null,
      memberArchiveDate: w.memberArchiveDate ?? null,
      vatTreatment: w.vatTreatment,
    }),
  );

/**
 * A registration-number pattern an editor typed: kept only if it is a valid regular expression,
 * otherwise dropped (with a log line) so that the general rule applies rather than the join form
 * refusing everyone.
 */
export const registrationNumberPattern = optionalString.transform((value) => {
  if (value !== null && registrationPattern(value) === null) {
    log.warn("cms.invalid_registration_pattern", { pattern: value });
    return null;
  }
  return value;
});

const evidenceNeed = (fallback: EvidenceNeed) =>
  z
    .enum(["required", "optional", "notAsked"])
    .nullish()
    .transform((value): EvidenceNeed => value ?? fallback);

/** A membership's evidence; a membership without one asks what a full member shows (DEFAULT_EVIDENCE). */
const evidence = z
  .object({
    registrationNumber: evidenceNeed(DEFAULT_EVIDENCE.registrationNumber),
    yearQualified: evidenceNeed(DEFAULT_EVIDENCE.yearQualified),
    workplace: evidenceNeed(DEFAULT_EVIDENCE.workplace),
    placeOfStudy: evidenceNeed(DEFAULT_EVIDENCE.placeOfStudy),
    registrationNumberPattern,
    registrationNumberExample: optionalString,
  })
  .nullish()
  .transform((value): MembershipEvidence => value ?? DEFAULT_EVIDENCE);

/** Approval and documents; a document without a name is dropped, and a name given twice kept once. */
const vetting = {
  needsApproval: z.boolean().nullish(),
  requiredDocuments: z
    .array(z.object({ name: z.string().nullish(), hint: optionalString }))
    .nullish()
    .transform((documents) => {
      const named = (documents ?? []).flatMap((d) => (d.name?.trim() ? [{ name: d.name.trim(), hint: d.hint }] : []));
      return named.filter((d, i) => named.findIndex((other) => other.name.toLowerCase() === d.name.toLowerCase()) === i);
    }),
};

export const MembershipAttributes = z
  .object({
    id: z.string().optional(),
    documentId: z.string().min(1).optional(),
    title: z.string().min(1),
    slug: z.string().min(1),
    description: optionalRichText,
    stripePriceId: optionalString,
    price: optionalNumber,
    joiningFee: optionalNumber,
    vatTreatment,
    evidence,
    ...vetting,
  })
  .transform(
    (m): MembershipSummary => ({
      id: m.documentId ?? m.id ?? m.slug,
      title: m.title,
      slug: m.slug,
      description: m.description,
      stripePriceId: m.stripePriceId,
      price: m.price,
      joiningFee: m.joiningFee,
      vatTreatment: m.vatTreatment,
      evidence: m.evidence,
      vetting: { needsApproval: m.needsApproval ?? false, documents: m.requiredDocuments },
    }),
  );
