/**
 * Staff edit a member's details (/staff/members/:userId/details): name, phone, address,
 * professional details and membership type with the evidence that type asks for, under the join
 * form's own rules (shared/join-form.ts, as the member's own /user/profile uses them), with a
 * reason. The details live on the member's join application, the type on their record; both are
 * saved only as the form found them (their `updated_at`s travel in the form), with the audit
 * entry naming who, when, why, and each changed field before and after.
 *
 * A record made without a join application (an import) has no details of this shape to edit.
 */
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { MemberOfficeStore } from "../../adapters/d1/member-office";
import type { MemberDetailsUpdate } from "../../adapters/d1/member-profiles";
import type { MembershipStore } from "../../adapters/d1/memberships";
import type { JoinPage } from "../../domain/content";
import type { Application, MembershipRecord, MembershipTerms } from "../../domain/membership";
import { AppError } from "../../errors";
import { DEFAULT_EVIDENCE, joinRequirements, type JoinRequirements, type MemberDetailsInput } from "../../shared/join-form";
import { changedFields, editedDetails, formValues } from "../profile/member-profile";

export interface MemberDetailsEditDeps {
  applications: Pick<ApplicationStore, "latestForUser">;
  memberships: Pick<MembershipStore, "forUser">;
  store: Pick<MemberOfficeStore, "saveDetails">;
  terms: () => Promise<Map<string, MembershipTerms>>;
  joinPage: () => Promise<JoinPage | null>;
  now: () => Date;
}

export interface StaffDetailsForm {
  record: MembershipRecord;
  application: Application;
  /** The membership types the CMS offers; the member's own stays choosable if it no longer is. */
  types: readonly MembershipTerms[];
  specialisationOptions: readonly string[];
  registrationExample: string;
  /** The saved details as the form's fields, with the membership type and the version. */
  values: Record<string, string>;
  requirements: (slug: string) => JoinRequirements;
}

export type StaffDetailsOutcome = { kind: "saved" } | { kind: "unchanged" } | { kind: "stale" } | { kind: "problems"; errors: Record<string, string> };

/** The form's version: the record's and the join application's `updated_at`, as they were when the form was made. */
export const versionOf = (record: MembershipRecord, application: Application) => `${record.updatedAt}|${application.updatedAt}`;

export type MemberDetailsEdit = ReturnType<typeof createMemberDetailsEdit>;

export function createMemberDetailsEdit(deps: MemberDetailsEditDeps) {
  return {
    /** The form for a member; null when they have no join application (nothing of this shape to edit). */
    async form(userId: string): Promise<StaffDetailsForm | null> {
      const [record, application, terms, joinPage] = await Promise.all([deps.memberships.forUser(userId), deps.applications.latestForUser(userId), deps.terms(), deps.joinPage()]);
      if (!record) throw new AppError("NOT_FOUND", "No member with this id");
      if (!application) return null;
      const page = joinPage ?? { registrationNumberPattern: null, registrationNumberExample: null, specialisationOptions: [] };
      return {
        record,
        application,
        types: [...terms.values()],
        specialisationOptions: joinPage?.specialisationOptions ?? [],
        registrationExample: joinRequirements(DEFAULT_EVIDENCE, page).registrationNumber.example,
        values: { ...formValues(application), membership: record.membershipSlug, version: versionOf(record, application) },
        requirements: (slug) => joinRequirements(terms.get(slug)?.evidence ?? DEFAULT_EVIDENCE, page),
      };
    },

    /** Saves the edit if the form's version is still current; the type must be one the CMS offers, or the member's own. */
    async save(staffEmail: string, form: StaffDetailsForm, input: MemberDetailsInput, slug: string, reason: string, version: string): Promise<StaffDetailsOutcome> {
      const { record, application } = form;
      if (version !== form.values.version) return { kind: "stale" };
      const type = form.types.find((t) => t.slug === slug) ?? (slug === record.membershipSlug ? { slug, title: record.membershipTitle } : null);
      if (!type) return { kind: "problems", errors: { membership: "Choose a membership type from the list" } };
      if (!form.specialisationOptions.includes(input.specialisation) && input.specialisation !== form.values.specialisation) {
        return { kind: "problems", errors: { specialisation: "Choose the specialisation from the list" } };
      }
      const details = editedDetails(application.details, input);
      const before: Record<string, string> = { ...formValues(application), membership: record.membershipSlug };
      const after: Record<string, string> = { ...formValues({ ...application, givenName: input.givenName, familyName: input.familyName, details }), membership: type.slug };
      const changed = [...changedFields(before, after), ...(before.membership !== after.membership ? ["membership"] : [])];
      if (changed.length === 0) return { kind: "unchanged" };
      const asUpdate = (givenName: string, familyName: string, d: typeof details): MemberDetailsUpdate => ({ applicationId: application.id, userId: record.userId, givenName, familyName, details: d });
      const [recordVersion = "", applicationVersion = ""] = version.split("|");
      // A new version the record cannot already have: now, or a moment after its last.
      const newVersion = new Date(Math.max(deps.now().getTime(), Date.parse(recordVersion) + 1)).toISOString();
      const saved = await deps.store.saveDetails(
        {
          update: asUpdate(input.givenName, input.familyName, details),
          before: asUpdate(application.givenName, application.familyName, application.details),
          membership: { slug: type.slug, title: type.title },
          versions: { record: recordVersion, application: applicationVersion },
          newVersion,
        },
        {
          staffEmail,
          userId: record.userId,
          applicationId: application.id,
          action: "member.details.edited",
          details: {
            userId: record.userId,
            reason,
            fields: changed,
            before: Object.fromEntries(changed.map((f) => [f, before[f] ?? ""])),
            after: Object.fromEntries(changed.map((f) => [f, after[f] ?? ""])),
          },
        },
      );
      return saved ? { kind: "saved" } : { kind: "stale" };
    },
  };
}
