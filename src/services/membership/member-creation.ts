/**
 * Staff make a member by hand (/staff/members/new): someone who joined and paid in person, at the
 * conference say. The record is active for a year from the day given and unclaimed, as an
 * imported one is: it waits under the address (user id `email:<address>`) and becomes the
 * account's of whoever signs in with that address verified, so a person who already has an
 * account gets it at their next sign-in. With "invite", the import's "claim your membership"
 * e-mail goes at once, in the record's batch and only if it was made. Refused when any record
 * has the address already (found through the lower-case e-mail index), audited when made.
 */
import type { MemberOfficeStore } from "../../adapters/d1/member-office";
import type { MembershipTerms } from "../../domain/membership";
import type { EmailOutbox } from "../email/outbox";
import { oneYearAfter } from "./renewal-period";

export interface MemberCreationDeps {
  store: Pick<MemberOfficeStore, "createMember">;
  outbox: Pick<EmailOutbox, "prepare" | "deliverSoon">;
  terms: () => Promise<Map<string, MembershipTerms>>;
}

export interface NewMemberInput {
  email: string;
  givenName: string;
  familyName: string;
  postalAddress: string | null;
  membership: string;
  /** YYYY-MM-DD. */
  periodStart: string;
  invite: boolean;
  reason: string;
}

export type MemberCreationOutcome = { kind: "created"; userId: string } | { kind: "problems"; errors: Record<string, string> };

export type MemberCreation = ReturnType<typeof createMemberCreation>;

export function createMemberCreation(deps: MemberCreationDeps) {
  return {
    /** The membership types staff may choose. */
    types: async (): Promise<MembershipTerms[]> => [...(await deps.terms()).values()],

    async create(staffEmail: string, input: NewMemberInput): Promise<MemberCreationOutcome> {
      const type = (await deps.terms()).get(input.membership);
      if (!type) return { kind: "problems", errors: { membership: "Choose a membership type from the list" } };
      const email = input.email.toLowerCase();
      const userId = `email:${email}`;
      const name = `${input.givenName} ${input.familyName}`;
      const periodEnd = oneYearAfter(input.periodStart);
      const invitation = input.invite
        ? deps.outbox.prepare(
            { kind: "claim-invitation", event: email, to: { email, userId: null }, data: { name, membershipTitle: type.title, memberNumber: null, email } },
            // Right after the audit entry, which is written only if the record was made.
            { onlyIf: { afterChange: true } },
          )
        : { statements: [], ids: [] };
      const made = await deps.store.createMember(
        { email, name, postalAddress: input.postalAddress, membership: { slug: type.slug, title: type.title }, periodStart: input.periodStart, periodEnd },
        {
          staffEmail,
          userId,
          action: "member.created",
          details: { userId, reason: input.reason, invited: input.invite, after: { email, name, membership: type.slug, periodStart: input.periodStart, periodEnd } },
        },
        invitation.statements,
      );
      if (!made) return { kind: "problems", errors: { email: "A membership record already has this e-mail address. Find it on the members register." } };
      await deps.outbox.deliverSoon(invitation.ids);
      return { kind: "created", userId };
    },
  };
}
