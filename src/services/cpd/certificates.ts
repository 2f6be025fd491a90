/**
 * CPD certificates. A member's confirmed webinar entry can produce one, once the webinar has
 * ended and only while they are still entitled to it: a printable page with their name, the
 * webinar, its date and hours, what the society verified of their attendance, and a number. Its
 * id is 128 random bits (never a sequence), and is the public verification address
 * /certificates/{id}, which says only the name, the activity, the date, the hours, what was
 * verified and "valid"; a revoked one says "revoked" with the day; an unknown or altered id is
 * "not valid". Staff revoke certificates (audited); taking the webinar back (a refund, the buyer's
 * cancellation, a lost dispute) revokes them in its own batch (adapters/d1/cpd).
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { CpdStore } from "../../adapters/d1/cpd";
import type { Buyer } from "../../domain/buyer";
import type { Webinar } from "../../domain/content";
import { certificateNumber, isEventAttendance, type CertificateCheck, type CpdCertificate } from "../../domain/cpd";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { entitlementFor } from "../orders/webinar-access";

/** 22 characters of base64url: 128 random bits. */
const CERTIFICATE_ID = /^[A-Za-z0-9_-]{22}$/;
export const REVOKE_REASON_MAX = 500;

export function newCertificateId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export const isCertificateId = (value: string) => CERTIFICATE_ID.test(value);

export const HOLDER_NAME_MAX = 120;

/** The name typed on the log page for a certificate, checked; a bad one is a 400 naming the problem. */
function typedHolderName(value: unknown): string {
  const name = typeof value === "string" ? value.trim() : "";
  if (name === "") throw new AppError("BAD_REQUEST", "Enter your name as it should appear on the certificate");
  if (name.length > HOLDER_NAME_MAX) throw new AppError("BAD_REQUEST", `Your name must be ${HOLDER_NAME_MAX} characters or fewer`);
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new AppError("BAD_REQUEST", "Your name contains characters that cannot be printed");
  return name;
}

export interface CertificatesDeps {
  store: CpdStore;
  audit: Pick<AuditLog, "record">;
  batch: (statements: D1PreparedStatement[]) => Promise<unknown>;
  /** The member's name on record (an import's, else their application's), or null. */
  holderName: (userId: string) => Promise<string | null>;
  /** The published webinar with this slug, or null: its end and its pricing decide issue. */
  webinar: (slug: string) => Promise<Webinar | null>;
  now: () => Date;
  newId?: () => string;
  log: Logger;
}

const NOT_ENTITLED = "You no longer have this webinar (its order was refunded or cancelled, or the payment was disputed), so no certificate can be issued for it.";

export type RevokeOutcome = { ok: true; number: number } | { ok: false; problem: string };

export function createCertificates({ store, audit, batch, holderName, webinar: webinarOf, now, newId = newCertificateId, log }: CertificatesDeps) {
  const notFound = () => new AppError("NOT_FOUND", "There is no such certificate");
  return {
    /**
     * The entry's certificate, issued now if it has none: only for the user's own confirmed
     * webinar entries, once the webinar has ended, and while `buyer` (the user) is entitled to it
     * by the same rule that grants its links. Made out to their name on record, else to the name
     * they typed (someone who never applied for membership has none on record; their e-mail
     * address is never printed). A CONFLICT says why it cannot be issued yet, or at all.
     */
    async issue(userId: string, entryId: string, typedName: unknown, buyer: Buyer): Promise<CpdCertificate> {
      const entry = await store.entry(userId, entryId);
      if (!entry) throw new AppError("NOT_FOUND", "There is no such entry in your CPD log");
      if (entry.certificate) return (await store.certificate(entry.certificate.id))!;
      if (entry.source !== "webinar" || !entry.webinarSlug) throw new AppError("CONFLICT", "Certificates are issued for Guild webinars only; keep your own evidence for other learning.");
      if (entry.confirmedAt === null) throw new AppError("CONFLICT", "Confirm this webinar with your reflection first; then its certificate can be issued.");
      const webinar = await webinarOf(entry.webinarSlug);
      if (!webinar) throw new AppError("CONFLICT", "This webinar is no longer in our catalogue, so its certificate cannot be issued here: contact us and we will check your attendance.");
      const end = Date.parse(webinar.date) + Math.max(webinar.durationMinutes, 0) * 60_000;
      if (Number.isNaN(end) || now().getTime() < end) throw new AppError("CONFLICT", "A certificate is issued once the webinar has ended: come back after it finishes.");
      const entitlement = entitlementFor(webinar, buyer.viewer, buyer.owned, now());
      if (!entitlement) throw new AppError("CONFLICT", NOT_ENTITLED);
      const name = (await holderName(userId)) ?? typedHolderName(typedName);
      const certificate = await store.issueCertificate({ id: newId(), entryId, userId, holderName: name, webinarId: webinar.id, whileOwned: entitlement === "owned" });
      // Owned through an order whose webinars were taken back between the check above and the insert.
      if (!certificate) throw new AppError("CONFLICT", NOT_ENTITLED);
      log.info("cpd.certificate_issued", { userId, entryId, number: certificate.number });
      return certificate;
    },
    /** One of the user's own certificates (revoked ones too, marked); anyone else's is a 404. */
    async own(userId: string, certificateId: string): Promise<CpdCertificate> {
      const certificate = isCertificateId(certificateId) ? await store.certificate(certificateId) : null;
      if (!certificate || certificate.userId !== userId) throw notFound();
      return certificate;
    },
    /** What a verification address says: valid (with the certificate), revoked (with the day only), or nothing for an unknown or malformed id. */
    async verify(certificateId: string): Promise<CertificateCheck | null> {
      const certificate = isCertificateId(certificateId) ? await store.certificate(certificateId) : null;
      if (!certificate) return null;
      return certificate.revokedAt === null ? { status: "valid", certificate } : { status: "revoked", revokedAt: certificate.revokedAt, event: isEventAttendance(certificate.evidence) };
    },
    /** The name the user's certificates are made out to, if the Guild has one on record. */
    holderName,
    /** Staff: certificates, newest first, optionally searched by number, name or activity. */
    list: (search: string | null, limit: number) => store.certificates(search, limit),
    /** Staff: revokes a certificate with a reason, audited; revoking twice changes nothing. */
    async revoke(staffEmail: string, certificateId: string, reason: string): Promise<RevokeOutcome> {
      const why = reason.trim();
      if (why === "") return { ok: false, problem: "Enter the reason for revoking the certificate" };
      if (why.length > REVOKE_REASON_MAX) return { ok: false, problem: `The reason must be ${REVOKE_REASON_MAX} characters or fewer` };
      const certificate = isCertificateId(certificateId) ? await store.certificate(certificateId) : null;
      if (!certificate) throw notFound();
      if (certificate.revokedAt !== null) return { ok: true, number: certificate.number };
      await batch([
        store.revoke(certificateId, staffEmail, why),
        audit.record(
          { staffEmail, action: "certificate.revoked", details: { certificateId, number: certificateNumber(certificate.number), holder: certificate.holderName, reason: why } },
          { afterChange: true },
        ),
      ]);
      log.info("cpd.certificate_revoked", { number: certificate.number, staffEmail });
      return { ok: true, number: certificate.number };
    },
  };
}

export type Certificates = ReturnType<typeof createCertificates>;
