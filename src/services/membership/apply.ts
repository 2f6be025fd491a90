/**
 * Submitting a join application: idempotent (a repeated idempotency key returns the application
 * it made), one application and one membership record per submission, written together. A key
 * finds only its own applicant's application: someone who learns another user's key (it is in
 * their form) gets "key-used", never that user's application.
 */
import type { ApplicationStore } from "../../adapters/d1/applications";
import { batchConditions as when } from "../../adapters/d1/batch-conditions";
import { applicationProForma } from "../pro-forma/pro-forma-content";
import type { ProFormaIssuer } from "../pro-forma/pro-forma-issue";
import type { Application, ApplicationDiscount, DirectDebitScheme, NewApplication } from "../../domain/membership";
import type { CodeCaps } from "../../adapters/d1/discount-redemptions";
import type { MemberRule } from "./member-rule";
import type { BillingDetails } from "../../shared/billing-details";
import type { JoinDetailsInput } from "../../shared/join-form";
import { amountDue, newReference } from "./terms";
import type { MembershipTerms } from "../../domain/membership";
import type { MembershipFollowUps } from "./follow-ups";
import type { CheckedDocument } from "../vetting/document-file";
import type { DocumentUploads } from "../vetting/document-uploads";

export type ApplyResult =
  | { kind: "created"; application: Application }
  | { kind: "existing"; application: Application }
  | { kind: "already-member" }
  /** A member suspended by staff, or whose membership payment is disputed with their bank: not a new membership, the office or the dispute decides. */
  | { kind: "suspended"; by: "office" | "dispute" }
  /** The form's key belongs to someone else's application: the applicant must reload the form. */
  | { kind: "key-used" }
  /** The discount code's last use (in all, or for this person) went to someone else meanwhile: nothing was stored. */
  | { kind: "code-taken" };

export interface ApplyDeps {
  applications: ApplicationStore;
  /** Who is a member already (the one member rule, disputes included). */
  members: Pick<MemberRule, "standing">;
  /** A bank-transfer applicant's pro-forma invoice, issued in the application's own batch. */
  proForma: Pick<ProFormaIssuer, "issue">;
  /** The applicant's acknowledgement and the staff notice, written with the application. */
  followUps: Pick<MembershipFollowUps, "applicationStored" | "deliverSoon">;
  /** The applicant's documents (a membership that needs approval), stored in the application's own batch. */
  documents: Pick<DocumentUploads, "stored">;
  now: () => Date;
}

/** Who submits the form: a signed-in user, or a visitor (no account yet) by the address they typed. */
export type Applicant = { userId: string } | { email: string };

export type PreviousSubmission = { kind: "none" } | { kind: "mine"; application: Application } | { kind: "key-used" };

const belongsTo = (application: Application, applicant: Applicant) =>
  "userId" in applicant ? application.userId === applicant.userId : application.email.toLowerCase() === applicant.email.trim().toLowerCase();

/** What an earlier submission of this form made, if it was this applicant's. */
export async function previousSubmission(deps: Pick<ApplyDeps, "applications">, idempotencyKey: string, applicant: Applicant): Promise<PreviousSubmission> {
  const previous = await deps.applications.byIdempotencyKey(idempotencyKey);
  if (!previous) return { kind: "none" };
  return belongsTo(previous, applicant) ? { kind: "mine", application: previous } : { kind: "key-used" };
}

export async function apply(
  deps: ApplyDeps,
  input: {
    user: { id: string; email: string };
    details: JoinDetailsInput;
    billing: BillingDetails | null;
    terms: MembershipTerms;
    /** A discount code priced for this application (membership-code.ts): what it takes off, within its caps. */
    code?: { discount: ApplicationDiscount; caps: CodeCaps } | null;
    /** The documents the membership type asks for, already checked by content (services/vetting/document-file.ts). */
    documents?: readonly CheckedDocument[];
    /** The scheme a Direct Debit applicant pays by (the site's one, STRIPE_DIRECT_DEBIT). */
    directDebit?: DirectDebitScheme | null;
    /** More writes that belong with the application (the join form's opt-ins), in its batch. */
    alsoWrite?: readonly D1PreparedStatement[];
  },
): Promise<ApplyResult> {
  const applicant = { userId: input.user.id };
  const previous = await previousSubmission(deps, input.details.idempotencyKey, applicant);
  if (previous.kind === "mine") return { kind: "existing", application: previous.application };
  if (previous.kind === "key-used") return previous;
  const standing = await deps.members.standing(input.user.id);
  if (standing.member) return { kind: "already-member" };
  if (standing.suspended) return { kind: "suspended", by: standing.suspendedBy ?? "dispute" };

  const now = deps.now();
  const d = input.details;
  const due = amountDue(input.terms, d.yearQualified, now);
  const application: NewApplication = {
    id: crypto.randomUUID(),
    idempotencyKey: d.idempotencyKey,
    reference: newReference(),
    userId: input.user.id,
    email: input.user.email,
    givenName: d.givenName,
    familyName: d.familyName,
    membershipSlug: input.terms.slug,
    membershipTitle: input.terms.title,
    vatTreatment: input.terms.vatTreatment,
    // A Direct Debit is collected through Stripe, like a card: its payments, receipts and refunds are Stripe's.
    paymentMethod: d.paymentMethod === "offline" ? "offline" : "card",
    directDebit: d.paymentMethod === "direct_debit" ? (input.directDebit ?? null) : null,
    amountDuePence: due.totalPence - (input.code?.discount.totalPence ?? 0),
    billing: input.billing,
    discount: input.code?.discount ?? null,
    joiningFeePence: due.joiningFeePence,
    // A type that needs approval waits for staff before any payment is asked for (docs/decisions/0056).
    vetting: input.terms.vetting.needsApproval ? "pending" : null,
    details: {
      phone: d.phone,
      address: { line1: d.addressLine1, line2: d.addressLine2, town: d.town, region: d.region, postcode: d.postcode, country: d.countryName, countryCode: d.country },
      professional: {
        registrationNumber: d.registrationNumber,
        specialisation: d.specialisation,
        workplace: d.workplace,
        yearQualified: d.yearQualified,
        placeOfStudy: d.placeOfStudy,
      },
      declaration: { termsAcceptedAt: now.toISOString(), privacyAcceptedAt: now.toISOString() },
    },
  };
  const email = await deps.followUps.applicationStored(application);
  // Paying by bank transfer: the numbered pro-forma invoice (what to pay, where, by when) comes with the application, and its e-mail;
  // for a type that needs approval, with the approval instead (nothing is to be paid before).
  const proForma =
    application.paymentMethod === "offline" && !application.vetting
      ? deps.proForma.issue(await applicationProForma({ ...application, kind: "join" }, "buyer", now), when.applicationStored(application.id))
      : { statements: [], ids: [] };
  const documents = input.documents?.length ? await deps.documents.stored(application, input.documents) : [];
  const created = await deps.applications.create(application, [...proForma.statements, ...email.statements, ...documents, ...(input.alsoWrite ?? [])], input.code?.caps);
  if (created) deps.followUps.deliverSoon([...proForma.ids, ...email.ids]);
  // Not created: the key was used meanwhile, by this applicant (a double submit) or by another.
  const stored = await previousSubmission(deps, d.idempotencyKey, applicant);
  if (stored.kind === "none" && application.discount) return { kind: "code-taken" };
  if (stored.kind === "none") throw new Error("The application was neither stored nor found");
  if (stored.kind === "key-used") return stored;
  return { kind: created ? "created" : "existing", application: stored.application };
}
