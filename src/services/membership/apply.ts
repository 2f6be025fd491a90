/**
 * Submitting a join application: idempotent (a repeated idempotency key returns the application
 * it made), one application and one membership record per submission, written together.
 */
import type { Application, ApplicationStore, NewApplication } from "../../adapters/d1/applications";
import type { MembershipStore } from "../../adapters/d1/memberships";
import { isActiveMember } from "../../adapters/d1/memberships";
import type { JoinDetailsInput } from "../../shared/join-form";
import { amountDue, newReference, type MembershipTerms } from "./terms";

export type ApplyResult =
  | { kind: "created"; application: Application }
  | { kind: "existing"; application: Application }
  | { kind: "already-member" };

export interface ApplyDeps {
  applications: ApplicationStore;
  memberships: MembershipStore;
  graceDays: number;
  now: () => Date;
}

export async function existingApplication(deps: ApplyDeps, idempotencyKey: string): Promise<Application | null> {
  return deps.applications.byIdempotencyKey(idempotencyKey);
}

export async function apply(
  deps: ApplyDeps,
  input: { user: { id: string; email: string }; details: JoinDetailsInput; terms: MembershipTerms },
): Promise<ApplyResult> {
  const previous = await deps.applications.byIdempotencyKey(input.details.idempotencyKey);
  if (previous) return { kind: "existing", application: previous };
  const record = await deps.memberships.forUser(input.user.id);
  if (isActiveMember(record, deps.now(), deps.graceDays)) return { kind: "already-member" };

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
    paymentMethod: d.paymentMethod,
    amountDuePence: due.totalPence,
    details: {
      phone: d.phone,
      address: { line1: d.addressLine1, line2: d.addressLine2, town: d.town, postcode: d.postcode.toUpperCase(), country: d.country },
      professional: {
        registrationNumber: d.registrationNumber.replace(/\s/g, "").toUpperCase(),
        specialisation: d.specialisation,
        workplace: d.workplace,
        yearQualified: d.yearQualified,
      },
      declaration: { termsAcceptedAt: now.toISOString(), privacyAcceptedAt: now.toISOString() },
    },
  };
  const created = await deps.applications.create(application);
  const stored = await deps.applications.byIdempotencyKey(d.idempotencyKey);
  if (!stored) throw new Error("The application was neither stored nor found");
  return { kind: created ? "created" : "existing", application: stored };
}
