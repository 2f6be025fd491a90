/**
 * The background export's job: one step reads up to `pagesPerStep` keyset pages of the list,
 * turns them into CSV and uploads every whole part (R2 wants every part but the last the same
 * size), keeps the bytes left over in a "carry" object named after the step, then commits where
 * it got to (cursor, parts, carry, counts) with a compare and set on the step, and hands the rest
 * to the jobs queue. A step cut off before its commit leaves the export where the previous step
 * put it: the next attempt reads the same rows from the same cursor, uploads the same part
 * numbers again (a part uploaded again replaces the first) and starts from the previous carry, so
 * every row is in the file exactly once. The last step uploads the carry as the last part, marks
 * the export `completing`, assembles the file, and only then marks it ready and writes the
 * requester's e-mail: a file that is not whole is never offered.
 */
import type { ExportProgress, StaffExportStore } from "../../adapters/d1/staff-exports";
import type { ExportFiles } from "../../adapters/r2/export-files";
import type { ExportPart, StaffExport } from "../../domain/staff-exports";
import type { Logger } from "../../log";
import { csvHeading, csvLines, type ExportSource } from "../csv-stream";
import type { EmailOutbox } from "../email/outbox";
import { describeExport, exportsPath, NOUNS } from "../../shared/export-words";

export interface ExportLimits {
  /** Rows per D1 query. */
  pageRows: number;
  /** Pages per step (one queue invocation): well under D1's 1,000 queries and a few seconds. */
  pagesPerStep: number;
  /** Bytes per part: R2 needs at least 5 MiB for every part but the last, all the same size. */
  partBytes: number;
  /** Days a ready file is kept. */
  retentionDays: number;
}

export const EXPORT_LIMITS: ExportLimits = { pageRows: 1_000, pagesPerStep: 40, partBytes: 5 * 1_048_576, retentionDays: 7 };

export interface BackgroundExportDeps {
  store: StaffExportStore;
  files: ExportFiles;
  /** The list an export reads, as of the moment it was asked for. */
  source: (exported: StaffExport) => ExportSource;
  outbox: Pick<EmailOutbox, "prepare" | "deliverSoon">;
  /** Hands the rest of an export to the jobs queue. */
  continueLater: (exportId: string) => Promise<void>;
  log: Logger;
  now: () => Date;
  limits?: Partial<ExportLimits>;
}

const DAY_MS = 86_400_000;
const encoder = new TextEncoder();

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

/** A carry of its own for each attempt at a step, so a worker that loses the race deletes only its own. */
const carryKeyFor = (exported: StaffExport, step: number) => `${exported.objectKey}.carry-${step}-${crypto.randomUUID()}`;

/** Goes on with the export `exportId` from where its last committed step left it: one step, then hands on. */
export async function continueExport(deps: BackgroundExportDeps, exportId: string): Promise<void> {
  const limits = { ...EXPORT_LIMITS, ...deps.limits };
  let exported = await deps.store.byId(exportId);
  if (!exported || exported.status === "ready" || exported.status === "failed" || exported.status === "expired") return;
  const now = () => deps.now().toISOString();

  if (exported.status === "completing") return finish(deps, exported, limits);

  if (exported.status === "queued") {
    const uploadId = await deps.files.begin(exported.objectKey);
    if (!(await deps.store.started(exported, uploadId, now()))) {
      // Another worker began it first: this upload is never used.
      await deps.files.abort(exported.objectKey, uploadId);
      return;
    }
    exported = (await deps.store.byId(exportId))!;
  }
  const uploadId = exported.uploadId!;

  const source = deps.source(exported);
  let carry: Uint8Array;
  if (exported.carryKey) {
    const kept = await deps.files.readCarry(exported.carryKey);
    if (!kept || kept.length !== exported.carryBytes) {
      await fail(deps, exported, "Its partly written file was lost", now());
      return;
    }
    carry = kept;
  } else {
    // No step committed yet: the file starts with its heading.
    carry = encoder.encode(csvHeading(source.columns));
  }

  const parts: ExportPart[] = [...exported.parts];
  let cursor = exported.cursor;
  let rows = exported.rows;
  let finished = false;
  for (let page = 0; page < limits.pagesPerStep && !finished; page += 1) {
    const read = await source.page(cursor, limits.pageRows);
    rows += read.rows.length;
    if (read.rows.length > 0) carry = concat(carry, encoder.encode(csvLines(source.columns, read.rows)));
    while (carry.length >= limits.partBytes) {
      parts.push(await deps.files.uploadPart(exported.objectKey, uploadId, parts.length + 1, carry.slice(0, limits.partBytes)));
      carry = carry.slice(limits.partBytes);
    }
    if (read.next === null) finished = true;
    else cursor = read.next;
  }
  const bytes = parts.length * limits.partBytes + carry.length;

  if (finished) {
    // The last part: whatever is left (R2 allows it smaller); a file of one short part is a part too.
    if (carry.length > 0 || parts.length === 0) parts.push(await deps.files.uploadPart(exported.objectKey, uploadId, parts.length + 1, carry));
    const progress: ExportProgress = { status: "completing", cursor, rows, bytes, parts, carryKey: null, carryBytes: 0 };
    if (!(await deps.store.advance(exported, progress, now()))) return;
    if (exported.carryKey) await deps.files.delete([exported.carryKey]);
    const completing = await deps.store.byId(exportId);
    if (completing) await finish(deps, completing, limits);
    return;
  }

  const carryKey = carryKeyFor(exported, exported.step + 1);
  await deps.files.putCarry(carryKey, carry);
  const progress: ExportProgress = { status: "running", cursor, rows, bytes, parts, carryKey, carryBytes: carry.length };
  if (!(await deps.store.advance(exported, progress, now()))) {
    // Another worker moved it first: this step's carry is not the export's.
    await deps.files.delete([carryKey]);
    return;
  }
  if (exported.carryKey) await deps.files.delete([exported.carryKey]);
  await deps.continueLater(exportId);
}

/** Assembles the file (or finds it assembled by an attempt cut off just after), then offers it and tells the requester. */
async function finish(deps: BackgroundExportDeps, exported: StaffExport, limits: ExportLimits): Promise<void> {
  const now = deps.now();
  try {
    await deps.files.complete(exported.objectKey, exported.uploadId!, exported.parts);
  } catch (error) {
    // Completed already by an attempt cut off before it could say so: the file is there, whole.
    if ((await deps.files.size(exported.objectKey)) !== exported.bytes) {
      deps.log.error("exports.complete_failed", { exportId: exported.id, error });
      await fail(deps, exported, "Its file could not be assembled", now.toISOString());
      return;
    }
  }
  const expiresAt = new Date(now.getTime() + limits.retentionDays * DAY_MS).toISOString();
  const email = deps.outbox.prepare(
    {
      kind: "export-ready",
      event: exported.id,
      to: { email: exported.requestedBy, userId: null },
      data: { noun: NOUNS[exported.kind], filter: describeExport(exported), rows: exported.rows, bytes: exported.bytes, expiresAt, staffPath: exportsPath(exported.kind) },
    },
    { onlyIf: { afterChange: true } },
  );
  if (await deps.store.ready(exported, expiresAt, now.toISOString(), email.statements)) {
    deps.log.info("exports.ready", { exportId: exported.id, kind: exported.kind, rows: exported.rows, bytes: exported.bytes, parts: exported.parts.length });
    await deps.outbox.deliverSoon(email.ids);
  }
}

/** Gives up on an export: its upload is dropped and no file is offered. */
async function fail(deps: Pick<BackgroundExportDeps, "store" | "files" | "log">, exported: StaffExport, reason: string, now: string): Promise<void> {
  deps.log.warn("exports.failed", { exportId: exported.id, reason });
  await deps.store.failed(exported.id, reason, now);
  if (exported.uploadId) await deps.files.abort(exported.objectKey, exported.uploadId).catch(() => undefined);
  if (exported.carryKey) await deps.files.delete([exported.carryKey]);
}

export { fail as failExport };
