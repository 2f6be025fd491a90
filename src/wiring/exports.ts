/**
 * Background exports (services/exports) from the validated configuration: the staff pages'
 * service for a request, the job for the jobs queue's consumer and the upkeep for the ten-minute
 * sweep (src/index.ts), which have no request.
 */
import { createApplicationStore } from "../adapters/d1/applications";
import { createAuditLog } from "../adapters/d1/audit-log";
import { createLedgerStore } from "../adapters/d1/ledger";
import { createMembersRegisterStore } from "../adapters/d1/members-register";
import { createOrderStore } from "../adapters/d1/orders";
import { createStaffExportStore } from "../adapters/d1/staff-exports";
import { createExportFiles } from "../adapters/r2/export-files";
import type { StaffExport } from "../domain/staff-exports";
import type { Config } from "../env";
import { log } from "../log";
import type { EmailOutbox } from "../services/email/outbox";
import { continueExport } from "../services/exports/background-export";
import { exportSources } from "../services/exports/export-sources";
import { createStaffExports } from "../services/exports/staff-exports";
import type { RegisterEntry } from "../domain/membership-lifecycle";

/** Puts an export on the jobs queue. */
const enqueue = (config: Config) => async (exportId: string) => void (await config.bindings.jobsQueue.send({ job: "export", exportId }));

/** The register's state in words for its CSV column: the view's words, handed in by the entry point (the wiring knows no views). */
type StateWords = (entry: RegisterEntry) => string;

function sources(config: Config, stateWords: StateWords) {
  const { db } = config.bindings;
  return exportSources({
    register: createMembersRegisterStore(db),
    applications: createApplicationStore(db),
    orders: createOrderStore(db),
    ledger: createLedgerStore(db),
    graceDays: config.membership.graceDays,
    stateWords,
  });
}

/** The staff pages' exports (request, list, download) and the sweep's upkeep. */
export function staffExports(config: Config) {
  const { db } = config.bindings;
  return createStaffExports({
    store: createStaffExportStore(db),
    files: createExportFiles(config.bindings.exports),
    audit: createAuditLog(db),
    // Asking for an export only counts its rows, and the upkeep reads none: no column is written here.
    source: sources(config, (entry) => entry.state.kind),
    enqueue: enqueue(config),
    batch: (statements) => db.batch(statements),
    newId: () => crypto.randomUUID(),
    now: () => new Date(),
    log,
  });
}

/** The jobs queue's work: one step of an export. */
export function exportJobs(config: Config, outbox: Pick<EmailOutbox, "prepare" | "deliverSoon">, stateWords: StateWords) {
  const source = sources(config, stateWords);
  const deps = {
    store: createStaffExportStore(config.bindings.db),
    files: createExportFiles(config.bindings.exports),
    source: (exported: StaffExport) => source(exported.kind, exported.filter, new Date(exported.requestedAt)),
    outbox,
    continueLater: enqueue(config),
    log,
    now: () => new Date(),
  };
  return { continue: (exportId: string) => continueExport(deps, exportId) };
}
