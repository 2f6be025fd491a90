/** The staff CSV export of applications (services/csv: RFC 4180, formulas neutralised). */
import type { Application } from "../../domain/membership";
import type { CsvColumn } from "../csv";

export const APPLICATION_COLUMNS: readonly CsvColumn<Application>[] = [
  ["Reference", (a) => a.reference],
  ["Submitted", (a) => a.createdAt],
  ["Status", (a) => a.status],
  ["Given name", (a) => a.givenName],
  ["Family name", (a) => a.familyName],
  ["E-mail", (a) => a.email],
  ["Phone", (a) => a.details.phone],
  ["Membership", (a) => a.membershipTitle],
  ["Payment method", (a) => a.paymentMethod],
  ["Amount due (GBP)", (a) => (a.amountDuePence / 100).toFixed(2)],
  ["Address line 1", (a) => a.details.address.line1],
  ["Address line 2", (a) => a.details.address.line2],
  ["Town", (a) => a.details.address.town],
  ["Region", (a) => a.details.address.region ?? null],
  ["Postcode", (a) => a.details.address.postcode],
  ["Country", (a) => a.details.address.country],
  ["Registration number", (a) => a.details.professional.registrationNumber],
  ["Specialisation", (a) => a.details.professional.specialisation],
  ["Workplace", (a) => a.details.professional.workplace],
  ["Year qualified", (a) => a.details.professional.yearQualified],
  ["Place of study", (a) => a.details.professional.placeOfStudy ?? null],
  ["Rejected reason", (a) => a.rejectedReason],
];

