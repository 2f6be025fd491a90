/**
 * The membership domain: join applications, the membership record (the source of the member
 * tier), payments received and what joining costs. Types only; the rules are in
 * services/membership and the storage in adapters/d1 (migrations/0003_membership.sql).
 */
import type { VatTreatment } from "../shared/pricing/vat";
import type { BillingDetails } from "../shared/billing-details";
import type { MembershipEvidence, MembershipVetting } from "./content";

export type ApplicationStatus = "awaiting_payment" | "paid" | "rejected";

/**
 * What an application is for: joining (the join form), another year of a membership paid
 * offline, or the amount due for a change of membership type paid offline. Staff record the
 * payment of each the same way (migrations/0011_membership_year.sql).
 */
export type ApplicationKind = "join" | "renewal" | "change";

export type PaymentMethod = "offline" | "card";

/**
 * Where a join application of a membership that needs approval stands with staff
 * (docs/decisions/0056): waiting for them, waiting for the applicant's answer to their question,
 * approved (payment may now be taken), or rejected. Applications of other types have none.
 */
export type VettingState = "pending" | "more_info" | "approved" | "rejected";

/** Stripe's Direct Debit schemes the site can offer: Bacs collects pounds, SEPA euros (docs/decisions/0064). */
export type DirectDebitScheme = "bacs_debit" | "sepa_debit";

/**
 * A Direct Debit's first collection: "pending" once the mandate is in and the bank has days to
 * pay (nothing is activated or receipted until it does), "failed" when the bank did not pay.
 */
export type DirectDebitState = "pending" | "failed";

export interface ApplicationDetails {
  phone: string | null;
  /**
   * For international post. `country` is the country's English name (free text in applications
   * made before the ISO list); `countryCode` its ISO 3166-1 alpha-2 code (absent before then).
   */
  address: {
    line1: string;
    line2: string | null;
    town: string;
    region?: string | null;
    postcode: string | null;
    country: string;
    countryCode?: string;
  };
  /** The evidence the membership type asked for; null where it was not asked or not given. */
  professional: {
    registrationNumber: string | null;
    specialisation: string;
    workplace: string | null;
    yearQualified: number | null;
    placeOfStudy?: string | null;
  };
  declaration: { termsAcceptedAt: string; privacyAcceptedAt: string };
}

/**
 * The details of an application made for a record that has none of its own (a member made by
 * hand or imported): staff see renewals, changes and in-person fees with the member's details
 * from their join application, and a record made without one has none to show.
 */
export const NO_APPLICATION_DETAILS: ApplicationDetails = {
  phone: null,
  address: { line1: "", line2: null, town: "", postcode: "", country: "" },
  professional: { registrationNumber: "", specialisation: "", workplace: null, yearQualified: 0 },
  declaration: { termsAcceptedAt: "", privacyAcceptedAt: "" },
};

/** A discount code on a join application, as it stood when the application was made. */
export interface ApplicationDiscount {
  /** The CMS's id of the code. */
  codeId: string;
  /** In capitals. */
  code: string;
  /** What it took off the first year's fee. */
  totalPence: number;
}

export interface Application {
  id: string;
  kind: ApplicationKind;
  idempotencyKey: string;
  reference: string;
  userId: string;
  email: string;
  givenName: string;
  familyName: string;
  membershipSlug: string;
  membershipTitle: string;
  /** The membership's VAT treatment when the application was made; its receipts split VAT by it. */
  vatTreatment: VatTreatment;
  paymentMethod: PaymentMethod;
  amountDuePence: number;
  status: ApplicationStatus;
  details: ApplicationDetails;
  /** The organisation the applicant asked to be invoiced; null: the documents name the applicant. */
  billing: BillingDetails | null;
  /** The discount code the first year's fee was priced with (already out of `amountDuePence`); null or absent when none. */
  discount?: ApplicationDiscount | null;
  /**
   * Joins only: the one-off joining fee inside `amountDuePence` as it was when the application was
   * made (the rest is the first year's subscription). Null or absent for renewals, changes of type
   * and join applications made before it was kept.
   */
  joiningFeePence?: number | null;
  rejectedReason: string | null;
  /** Null or absent: the membership needs no approval (or the application predates vetting). */
  vetting?: VettingState | null;
  /** What staff last asked the applicant for, while `vetting` is "more_info". */
  vettingRequest?: string | null;
  /** Paid through Stripe by this Direct Debit scheme; null or absent: by card (or offline). */
  directDebit?: DirectDebitScheme | null;
  /** The Direct Debit's first collection while the application awaits it (null: none under way). */
  directDebitState?: DirectDebitState | null;
  createdAt: string;
  updatedAt: string;
}

/** A document an applicant uploaded for staff to check (migrations/0052). */
export interface ApplicationDocument {
  id: string;
  applicationId: string;
  userId: string;
  /** The required document it answers (the CMS's name for it), or what the applicant sent when asked for more. */
  requirement: string;
  fileName: string;
  contentType: DocumentContentType;
  sizeBytes: number;
  uploadedAt: string;
}

/** The kinds of file an applicant may upload, as their bytes show them to be. */
export type DocumentContentType = "application/pdf" | "image/jpeg" | "image/png";

/** Who did what, for the staff audit log. */
export interface StaffAudit {
  staffEmail: string;
  action: string;
  details: Record<string, unknown>;
}

/** An application in the staff list, with the total received for it. */
export interface ListedApplication extends Application {
  receivedPence: number;
  /** What has been refunded of it. */
  refundedPence: number;
}

/** A join form's application (renewals and changes are made by services/membership). */
export type NewApplication = Omit<Application, "kind" | "status" | "rejectedReason" | "vettingRequest" | "createdAt" | "updatedAt">;

export interface Payment {
  id: string;
  applicationId: string;
  method: PaymentMethod;
  amountPence: number;
  receivedOn: string;
  reference: string;
  recordedBy: string;
  createdAt: string;
}

/** The membership record (migrations/0003_membership.sql), the source of the member tier. */
export type MembershipStatus = "awaiting_payment" | "active" | "lapsed" | "cancelled";

export interface MembershipRecord {
  userId: string;
  email: string;
  applicationId: string | null;
  membershipSlug: string;
  membershipTitle: string;
  status: MembershipStatus;
  paymentMethod: "offline" | "card";
  periodStart: string | null;
  periodEnd: string | null;
  /** Card-paid memberships: the Stripe customer (for the billing portal) and subscription. */
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  /** The Stripe subscription's own status (past_due after a failed payment, ...). */
  billingStatus: string | null;
  /** A downgrade waiting for the next renewal; null when none is. */
  nextMembership: ScheduledMembership | null;
  /** The day it ends without renewing, chosen by staff with a refund (YYYY-MM-DD); absent or null when it renews as usual. */
  endsOn?: string | null;
  /** What the membership office set by hand (services/membership/member-office.ts); absent where a record was read without it. */
  office?: OfficeMarks;
  /**
   * A yearly renewal the bank is collecting by Direct Debit (migrations/0074): the period shown
   * is the one paid for until the money arrives. Absent or null when none is under way.
   */
  renewalDebit?: { since: string } | null;
  updatedAt: string;
}

/** Honorary and life memberships: no period end, never renewed, never reminded. */
export type Honour = "honorary" | "life";

/** A record's marks set by staff (migrations/0051_membership_office.sql). */
export interface OfficeMarks {
  honour: Honour | null;
  /** The yearly price of every renewal whose new period starts before `until` (YYYY-MM-DD). */
  concession: { pence: number; until: string; reason: string } | null;
  /** Member access ends while it lasts; the record, its period and its number stay. */
  suspension: { on: string; reason: string } | null;
  /** The status is "cancelled"; this says why and since when. */
  struckOff: { on: string; reason: string } | null;
}

/** The membership a record becomes at its next renewal: once a period starts on or after `from`. */
export interface ScheduledMembership {
  slug: string;
  title: string;
  /** The end of the period in which it was asked for (as the record stores period ends). */
  from: string;
}

export interface MembershipTerms {
  /** The CMS's id of the membership (discount codes name the memberships they apply to by it). */
  id: string;
  slug: string;
  title: string;
  /** What applicants must show (the CMS's evidence for this membership). */
  evidence: MembershipEvidence;
  /** Whether staff approve applications first, and the documents applicants upload (docs/decisions/0056). */
  vetting: MembershipVetting;
  vatTreatment: VatTreatment;
  subscriptionPence: number;
  joiningFeePence: number;
  /** The membership settings block offers the newly-qualified half-price first year. */
  halfOffForNewlyQualified: boolean;
  /** Stripe's ids for the card path (docs/decisions/0007); null where the CMS has none. */
  stripe: {
    /** The recurring yearly price: the settings block's subscriptionPriceId, else the membership's stripePriceId. */
    subscriptionPriceId: string | null;
    /** The one-off joining fee (settings block initialPriceId). */
    initialPriceId: string | null;
    /** Half off the first year for the newly qualified (settings block halfOffCouponId). */
    halfOffCouponId: string | null;
  };
}

export interface AmountDue {
  totalPence: number;
  subscriptionPence: number;
  joiningFeePence: number;
  halfOff: boolean;
}

/** A member's proof of membership, for employers and insurers. */
export interface MemberCard {
  name: string;
  memberNumber: number;
  membershipTitle: string;
  /** The last day of the paid period (YYYY-MM-DD or an ISO instant); null for an open-ended membership. */
  validUntil: string | null;
}
