/**
 * A member keeping their own details current (/user/profile): the name, phone, address and
 * professional details they gave when joining, edited with the join form's own rules
 * (shared/join-form.ts memberDetails) for their membership type. The details live on their join
 * application (adapters/d1/member-profiles.ts), so staff pages, e-mails and receipts that read
 * the name or address follow the edit; staff see who changed which fields, and when, on the
 * member's record (the audit entry names the fields, never their values).
 */
import type { ApplicationStore } from "../../adapters/d1/applications";
import type { MemberProfileStore, MemberDetailsUpdate } from "../../adapters/d1/member-profiles";
import type { JoinPage } from "../../domain/content";
import type { Application, ApplicationDetails, MembershipTerms } from "../../domain/membership";
import { AppError } from "../../errors";
import { DEFAULT_EVIDENCE, joinRequirements, type JoinRequirements, type MemberDetailsInput } from "../../shared/join-form";
import type { Logger } from "../../log";

export interface MemberProfile {
  application: Application;
  requirements: JoinRequirements;
  /** The membership type whose rules apply (null: a type no longer offered, whose rules are the default ones). */
  membershipTitle: string;
  specialisationOptions: readonly string[];
  /** The saved details as the form's fields. */
  values: Record<string, string>;
}

/** The fields an edit can change, as the form names them. */
export const PROFILE_FIELDS = [
  "givenName",
  "familyName",
  "phone",
  "addressLine1",
  "addressLine2",
  "town",
  "region",
  "postcode",
  "country",
  "registrationNumber",
  "yearQualified",
  "workplace",
  "placeOfStudy",
  "specialisation",
] as const;

export type ProfileSaveResult = { kind: "saved"; changed: string[] } | { kind: "unchanged" } | { kind: "problems"; errors: Record<string, string> };

export interface MemberProfileService {
  /** The member's details and the rules that apply to them; null when they have not joined through the form. */
  profile(userId: string): Promise<MemberProfile | null>;
  save(user: { userId: string; email: string }, profile: MemberProfile, input: MemberDetailsInput): Promise<ProfileSaveResult>;
}

export interface MemberProfileDeps {
  applications: Pick<ApplicationStore, "latestForUser">;
  store: MemberProfileStore;
  terms: () => Promise<Map<string, MembershipTerms>>;
  joinPage: () => Promise<JoinPage | null>;
  log: Logger;
}

/** The saved details as the form's fields (empty strings for what is not there). */
export function formValues(application: Application): Record<string, string> {
  const d = application.details;
  const s = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));
  return {
    givenName: application.givenName,
    familyName: application.familyName,
    phone: s(d.phone),
    addressLine1: d.address.line1,
    addressLine2: s(d.address.line2),
    town: d.address.town,
    region: s(d.address.region),
    postcode: s(d.address.postcode),
    country: s(d.address.countryCode),
    registrationNumber: s(d.professional.registrationNumber),
    yearQualified: s(d.professional.yearQualified),
    workplace: s(d.professional.workplace),
    placeOfStudy: s(d.professional.placeOfStudy),
    specialisation: d.professional.specialisation,
  };
}

/** The application's details with the edit applied; the declaration made when joining stays. */
export function editedDetails(previous: ApplicationDetails, input: MemberDetailsInput): ApplicationDetails {
  return {
    ...previous,
    phone: input.phone,
    address: {
      line1: input.addressLine1,
      line2: input.addressLine2,
      town: input.town,
      region: input.region,
      postcode: input.postcode,
      country: input.countryName,
      countryCode: input.country,
    },
    professional: {
      registrationNumber: input.registrationNumber,
      specialisation: input.specialisation,
      workplace: input.workplace,
      yearQualified: input.yearQualified,
      placeOfStudy: input.placeOfStudy,
    },
  };
}

/** Which fields differ between two sets of form values. */
export function changedFields(before: Record<string, string>, after: Record<string, string>): string[] {
  return PROFILE_FIELDS.filter((field) => (before[field] ?? "") !== (after[field] ?? ""));
}

const asUpdate = (application: Application, givenName: string, familyName: string, details: ApplicationDetails): MemberDetailsUpdate => ({
  applicationId: application.id,
  userId: application.userId,
  givenName,
  familyName,
  details,
});

export function createMemberProfileService(deps: MemberProfileDeps): MemberProfileService {
  return {
    async profile(userId) {
      const application = await deps.applications.latestForUser(userId);
      if (!application || application.status === "rejected") return null;
      const [terms, joinPage] = await Promise.all([deps.terms(), deps.joinPage()]);
      const type = terms.get(application.membershipSlug);
      const form = joinPage ?? { registrationNumberPattern: null, registrationNumberExample: null };
      return {
        application,
        requirements: joinRequirements(type?.evidence ?? DEFAULT_EVIDENCE, form),
        membershipTitle: type?.title ?? application.membershipTitle,
        specialisationOptions: joinPage?.specialisationOptions ?? [],
        values: formValues(application),
      };
    },

    async save(user, profile, input) {
      const { application } = profile;
      if (application.userId !== user.userId) throw new AppError("FORBIDDEN", "These are not your details");
      // The list can change in the CMS; a specialisation saved before stays acceptable.
      if (!profile.specialisationOptions.includes(input.specialisation) && input.specialisation !== profile.values.specialisation) {
        return { kind: "problems", errors: { specialisation: "Choose your specialisation from the list" } };
      }
      const details = editedDetails(application.details, input);
      const after = formValues({ ...application, givenName: input.givenName, familyName: input.familyName, details });
      const changed = changedFields(profile.values, after);
      if (changed.length === 0) return { kind: "unchanged" };
      const saved = await deps.store.save(
        asUpdate(application, input.givenName, input.familyName, details),
        asUpdate(application, application.givenName, application.familyName, application.details),
        // The member is the one acting; the entry names the fields only, so the log holds no personal data.
        { staffEmail: user.email, action: "member.details.updated", applicationId: application.id, details: { by: "member", fields: changed } },
      );
      if (!saved) throw new AppError("CONFLICT", "Your details could not be saved. Reload the page and try again.");
      deps.log.info("profile.saved", { userId: user.userId, fields: changed });
      return { kind: "saved", changed };
    },
  };
}
