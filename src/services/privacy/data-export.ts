/**
 * "Download my data" (/user/privacy) and the same export staff run for a data-subject request
 * (/staff/applications/{id}): every table's rows about the person, as one JSON document. A staff
 * export is audited (who, when, which application) before the data leaves, like the staff CSV
 * exports.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { PersonalDataStore } from "../../adapters/d1/personal-data";
import type { Application } from "../../domain/membership";
import type { DataExport, DataSubject } from "../../domain/privacy";

export interface DataExportService {
  /** The signed-in person's own data. */
  own(subject: DataSubject): Promise<DataExport>;
  /** An applicant's data, for staff answering their request; writes `privacy.exported`. */
  forApplicant(staffEmail: string, application: Application): Promise<DataExport>;
}

export interface DataExportDeps {
  store: Pick<PersonalDataStore, "rowsOf">;
  audit: AuditLog;
  now: () => Date;
}

export function createDataExport(deps: DataExportDeps): DataExportService {
  async function build(subject: DataSubject): Promise<DataExport> {
    return {
      exportedAt: deps.now().toISOString(),
      account: { userId: subject.userId, email: subject.email },
      emailVerified: subject.emailVerified,
      tables: await deps.store.rowsOf(subject),
    };
  }
  return {
    own: build,
    async forApplicant(staffEmail, application) {
      // Staff cannot tell whether the applicant proved the address they applied with: only the
      // rows found through their user id, as for a signed-in user whose address is unverified.
      const document = await build({ userId: application.userId, email: application.email, emailVerified: false });
      const rows = Object.values(document.tables).reduce((sum, rows) => sum + rows.length, 0);
      await deps.audit
        .record({ staffEmail, action: "privacy.exported", applicationId: application.id, details: { reference: application.reference, rows } })
        .run();
      return document;
    },
  };
}
