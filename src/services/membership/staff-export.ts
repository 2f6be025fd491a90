/** The staff CSV export of applications (services/csv: RFC 4180, formulas neutralised). */
import type { Application } from "../../domain/membership";
import type { ApplicationListFilter, ApplicationStore } from "../../adapters/d1/applications";
import type { CreatedCursor } from "../../adapters/d1/newest-first-pages";
import type { CsvColumn } from "../csv";
import type { ExportSource } from "../csv-stream";

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


/** Matching applications as an export source, newest first, paged by (when made, id). */
export function applicationExportSource(store: Pick<ApplicationStore, "list" | "count">, filter: ApplicationListFilter): ExportSource<Application, CreatedCursor> {
  return {
    columns: APPLICATION_COLUMNS,
    count: (cap) => store.count(filter, cap),
    async page(cursor, limit) {
      const rows = await store.list({ ...filter, limit, cursor });
      const last = rows.at(-1);
      return { rows, next: rows.length === limit && last ? { direction: "after", createdAt: last.createdAt, id: last.id } : null };
    },
  };
}
