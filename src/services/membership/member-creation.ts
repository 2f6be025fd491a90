/**
 * Staff make a member by hand (/staff/members/new): someone who joined and paid in person, at the
 * conference say. The record is active for a year from the day given and unclaimed, as an
 * imported one is: it waits under the address (user id `email:<address>`) and becomes the
 * account's of whoever signs in with that address verified, so a person who already has an
 * account gets it at their next sign-in. With "invite", the import's "claim your membership"
 * e-mail goes at once, in the record's batch and only if it was made. Refused when any record
 * has the address already (found through the lower-case e-mail index), audited when made.
 *
 * A membership fee taken in person is recorded as the money it is (not only in the reason): a
 * paid join application for the record, its offline payment and its receipt, numbered in the
 * gap-free series with the VAT the membership type's treatment says, in the record's batch and
 * only if the record was made. The ledger and the VAT return read it as any offline payment.
 */
import { batchConditions as when } from "../../adapters/d1/batch-conditions";
import type { HandMadePayment, MemberOfficeStore } from "../../adapters/d1/member-office";
import type { ReceiptStore } from "../../adapters/d1/receipts";
import { IN_PERSON_WAY_WORDS, type InPersonPayment } from "../../domain/in-person-payment";
import { NO_APPLICATION_DETAILS, type MembershipTerms } from "../../domain/membership";
import type { EmailOutbox } from "../email/outbox";
import { membershipReceipt } from "../receipts/receipt-content";
import { receiptYear } from "../receipts/receipt-number";
import { newReference } from "./terms";
import { oneYearAfter } from "./renewal-period";

export interface MemberCreationDeps {
  store: Pick<MemberOfficeStore, "createMember">;
  outbox: Pick<EmailOutbox, "prepare" | "deliverSoon">;
  terms: () => Promise<Map<string, MembershipTerms>>;
  receipts: Pick<ReceiptStore, "issue">;
  newId: () => string;
  now: () => Date;
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
  /** The membership fee, when it was paid in person; null when nothing was taken. */
  payment: InPersonPayment | null;
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
      const paid = input.payment ? paidInPerson(deps, staffEmail, { ...input, email, userId, type, period: { start: input.periodStart, end: periodEnd } }, input.payment) : null;
      const made = await deps.store.createMember(
        { email, name, postalAddress: input.postalAddress, membership: { slug: type.slug, title: type.title }, periodStart: input.periodStart, periodEnd },
        {
          staffEmail,
          userId,
          action: "member.created",
          details: {
            userId,
            reason: input.reason,
            invited: input.invite,
            after: { email, name, membership: type.slug, periodStart: input.periodStart, periodEnd },
            ...(paid ? { payment: { paymentId: paid.payment.id, amountPence: paid.payment.amountPence, receivedOn: paid.payment.receivedOn, reference: paid.payment.reference } } : {}),
          },
        },
        invitation.statements,
        paid,
      );
      if (!made) return { kind: "problems", errors: { email: "A membership record already has this e-mail address. Find it on the members register." } };
      await deps.outbox.deliverSoon(invitation.ids);
      return { kind: "created", userId };
    },
  };
}

/** The fee as the store writes it: a paid join application, its offline payment, and the receipt (only once the payment is stored). */
function paidInPerson(
  deps: MemberCreationDeps,
  staffEmail: string,
  member: NewMemberInput & { userId: string; type: MembershipTerms; period: { start: string; end: string } },
  fee: InPersonPayment,
): HandMadePayment {
  const application = {
    id: deps.newId(),
    reference: newReference(),
    userId: member.userId,
    email: member.email,
    givenName: member.givenName,
    familyName: member.familyName,
    membershipTitle: member.type.title,
    vatTreatment: member.type.vatTreatment,
    billing: null,
    discount: null,
    amountDuePence: fee.amountPence,
    joiningFeePence: null,
    // The postal address typed here is free text: it stays on the record, as an import's does.
    details: NO_APPLICATION_DETAILS,
  };
  const reference = [IN_PERSON_WAY_WORDS[fee.way], fee.reference].filter(Boolean).join(", ");
  const payment = { id: deps.newId(), method: "offline" as const, amountPence: fee.amountPence, receivedOn: fee.receivedOn, reference };
  const receipt = deps.receipts.issue(
    membershipReceipt({ payment, application, period: member.period, renewal: false, year: receiptYear(deps.now()) }),
    when.membershipPaymentStored(payment.id),
  );
  return { application, payment: { ...payment, recordedBy: staffEmail }, then: [receipt] };
}
