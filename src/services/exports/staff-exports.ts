/**
 * What staff do with background exports: ask for one (audited; the jobs queue builds it, see
 * background-export.ts), see a kind's recent exports and their state, and download a ready one
 * (audited, each time: personal data left the site). The upkeep, run by the ten-minute sweep,
 * hands an export whose step was lost to the queue again, gives up on one still unfinished a day
 * after it was asked for, and deletes files past their expiry.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { StaffExportStore } from "../../adapters/d1/staff-exports";
import type { ExportFiles } from "../../adapters/r2/export-files";
import type { ExportKind, StaffExport } from "../../domain/staff-exports";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { failExport } from "./background-export";
import type { ExportSourceFor } from "./export-sources";

export interface StaffExportsDeps {
  store: StaffExportStore;
  files: ExportFiles;
  audit: AuditLog;
  source: ExportSourceFor;
  /** Puts an export on the jobs queue. */
  enqueue: (exportId: string) => Promise<void>;
  batch: (statements: D1PreparedStatement[]) => Promise<unknown>;
  newId: () => string;
  now: () => Date;
  log: Logger;
}

/** Exports shown on a kind's page. */
export const EXPORTS_SHOWN = 20;
/** A step that has not moved for this long was lost (a step takes seconds): the sweep hands it on again. */
export const STALLED_AFTER_MS = 15 * 60_000;
/** An export still unfinished this long after it was asked for is given up (the page says so). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** Rows counted when an export is asked for, to show progress against. */
const EXPECTED_COUNT_CAP = 10_000_000;

export type StaffExports = ReturnType<typeof createStaffExports>;

export function createStaffExports(deps: StaffExportsDeps) {
  return {
    /** Asks for an export of a list's tab and search; returns its id. */
    async request(staffEmail: string, kind: ExportKind, filter: StaffExport["filter"]): Promise<string> {
      const requestedAt = deps.now();
      const expectedRows = await deps.source(kind, filter, requestedAt).count(EXPECTED_COUNT_CAP);
      const id = deps.newId();
      await deps.batch([
        deps.store.create({ id, kind, filter, requestedBy: staffEmail, requestedAt: requestedAt.toISOString(), expectedRows, objectKey: `exports/${kind}/${id}.csv` }),
        deps.audit.record({ staffEmail, action: "exports.requested", details: { kind, ...filter, count: expectedRows } }),
      ]);
      try {
        await deps.enqueue(id);
      } catch (error) {
        // The sweep hands it to the queue within a quarter of an hour.
        deps.log.warn("exports.enqueue_failed", { exportId: id, error, next: "the sweep hands it on" });
      }
      return id;
    },

    newest: (kind: ExportKind): Promise<StaffExport[]> => deps.store.newest(kind, EXPORTS_SHOWN),

    /**
     * A ready export's file, for staff whose role includes its kind (the staff gate checks the
     * role by the address, which names the kind); audited. Anything else is a refusal that says why.
     */
    async download(staffEmail: string, kind: ExportKind, id: string): Promise<{ body: ReadableStream<Uint8Array>; size: number; exported: StaffExport }> {
      const exported = await deps.store.byId(id);
      if (!exported || exported.kind !== kind) throw new AppError("NOT_FOUND", "No export with this id");
      if (exported.status === "expired" || (exported.expiresAt !== null && exported.expiresAt <= deps.now().toISOString())) {
        throw new AppError("NOT_FOUND", "This export has expired and its file was deleted: ask for it again");
      }
      if (exported.status !== "ready") throw new AppError("CONFLICT", "This export is not ready: its page shows how far it has got");
      const file = await deps.files.read(exported.objectKey);
      if (!file) throw new AppError("NOT_FOUND", "This export's file is no longer there: ask for it again");
      await deps.audit.record({ staffEmail, action: "exports.downloaded", details: { kind, ...exported.filter, count: exported.rows, exportId: id } }).run();
      return { ...file, exported };
    },

    /** The sweep's part: lost steps handed on, hopeless exports given up, expired files deleted. */
    async upkeep(now: Date): Promise<{ handedOn: number; failed: number; expired: number }> {
      const iso = now.toISOString();
      let handedOn = 0;
      let failed = 0;
      for (const exported of await deps.store.stalled(new Date(now.getTime() - STALLED_AFTER_MS).toISOString(), 20)) {
        if (now.getTime() - Date.parse(exported.requestedAt) > GIVE_UP_AFTER_MS) {
          await failExport({ store: deps.store, files: deps.files, log: deps.log }, exported, "It did not finish within a day", iso);
          failed += 1;
        } else {
          await deps.enqueue(exported.id);
          handedOn += 1;
        }
      }
      const expired = await deps.store.expired(iso, 50);
      for (const exported of expired) {
        await deps.files.delete([exported.objectKey]);
        await deps.store.markExpired(exported.id, iso);
      }
      if (handedOn || failed || expired.length) deps.log.info("exports.upkeep", { handedOn, failed, expired: expired.length });
      return { handedOn, failed, expired: expired.length };
    },
  };
}
