/**
 * Staff bring the society's existing members across from a CSV file (/staff/members/import), up
 * to MAX_IMPORT_ROWS members a file. The request only receives the file: it is read as it streams
 * and stored in D1 row by row (upload.ts), then the jobs queue checks and writes it a chunk at a
 * time (import-job.ts) while staff watch its page. The dry run reports every row it would create
 * or change and every problem (line, column, why), writing nothing. The real run does the same
 * checks over the whole file first and writes only if there is no problem at all; running it
 * again changes nothing (unchanged rows are not written). A clean dry run can be imported without
 * uploading the file again: it is checked again first, since D1 may have changed meanwhile.
 * When asked, each member who has not yet signed in is invited to claim their membership, paced
 * within a daily budget (invitations.ts).
 *
 * Records are made under user id `email:<address>` and claimed by their owner only through a
 * verified e-mail address (services/membership/claim.ts). A card payer may come with their Stripe
 * customer and subscription: each is checked with Stripe (stripe-links.ts, at most
 * MAX_STRIPE_LINKS rows per file) and linked to the record, so Stripe keeps renewing the member.
 */
import type { ImportInvitationStore } from "../../adapters/d1/import-invitations";
import type { ImportJob, MemberImportJobStore } from "../../adapters/d1/member-import-jobs";
import type { ImportMapping, MappingProblem } from "../../domain/import-mapping";
import type { ImportView } from "../../domain/member-import";
import { AppError } from "../../errors";
import type { Logger } from "../../log";
import { mappingProblems } from "./mapping";
import { readMappingForm } from "./mapping-form";
import { continueImport, restartStalledImports, type ImportJobDeps } from "./import-job";
import { releaseInvitations, utcDay, type InvitationPacingDeps } from "./invitations";
import { uploadImport, type UploadFile, type UploadOutcome } from "./upload";

/** Rows of each list the import's page shows at once (it links on to the next). */
export const LISTED_ROWS = 200;
/** Staged rows are kept this long after their import finished, then cleared by the sweep. */
export const STAGED_ROWS_KEPT_DAYS = 30;
const CLEARED_PER_SWEEP = 5_000;
/** Rows of the file the mapping screen shows as examples of each column. */
const SAMPLE_ROWS = 3;
const DAY_MS = 86_400_000;

export type MemberImportDeps = Omit<ImportJobDeps, "released"> & {
  invitations: Omit<InvitationPacingDeps, "log" | "now" | "batch"> & { store: ImportInvitationStore };
};

export interface MemberImport {
  /** Receives a file; the outcome names the import, or the problems that refused the file as a whole. */
  upload(file: UploadFile, options: { staffEmail: string; mode: "check" | "import"; invite: boolean }): Promise<UploadOutcome>;
  /** An import's progress and its lists from the given positions; null when there is no such import. */
  view(importId: number, from?: { problemsAfterLine?: number; actingAfterSeq?: number }): Promise<ImportView | null>;
  /** The newest imports, newest first. */
  recent(limit: number): Promise<ImportJob[]>;
  /**
   * Staff's choice of what each column of a file waiting for its mapping holds (the mapping
   * screen's form): the import goes on to be checked, or the problems come back beside their
   * columns with what was chosen. NOT_FOUND without the import, CONFLICT unless it waits.
   */
  map(importId: number, form: Readonly<Record<string, unknown>>): Promise<{ ok: true } | { ok: false; mapping: ImportMapping; problems: MappingProblem[] }>;
  /** Imports a clean dry run: NOT_FOUND without it, CONFLICT unless it is a finished dry run without problems. */
  importChecked(importId: number, options: { staffEmail: string; invite: boolean }): Promise<void>;
}

/** The import's work outside a request: the queue's consumer and the sweep. */
export interface MemberImportJobs {
  continue(importId: number): Promise<ImportJob | null>;
  /**
   * The sweep's part: stalled imports handed on again, today's invitations let out, imports left
   * waiting for their mapping set aside, old staged rows cleared.
   */
  sweep(now: Date): Promise<void>;
}

function released(deps: MemberImportDeps) {
  return () => releaseInvitations({ ...deps.invitations, batch: deps.batch, now: deps.now, log: deps.log });
}

export function createMemberImport(deps: MemberImportDeps): MemberImport {
  const { jobs } = deps;
  return {
    upload: (file, options) => uploadImport(deps, file, options),
    async view(importId, from = {}) {
      const job = await jobs.get(importId);
      if (!job) return null;
      // With any problem nothing is written: the page lists the problems, not what would happen.
      const clean = job.problems === 0 && job.fileProblems.length === 0;
      const problems = clean ? [] : await jobs.problemRows(importId, from.problemsAfterLine ?? 0, LISTED_ROWS + 1);
      const actingRows = clean ? await jobs.actingRows(importId, from.actingAfterSeq ?? 0, LISTED_ROWS + 1) : [];
      // The first rows, so staff see what each column holds while they match it.
      const samples = job.phase === "mapping" ? (await jobs.stagedAfter(importId, 0, SAMPLE_ROWS)).map((row) => row.fields) : [];
      const invitations = await deps.invitations.store.countsFor(importId);
      const writtenToday = await deps.invitations.store.writtenOn(utcDay(deps.now()));
      return {
        job,
        problemRows: problems.slice(0, LISTED_ROWS),
        moreProblems: problems.length > LISTED_ROWS,
        actingRows: actingRows.slice(0, LISTED_ROWS),
        moreActing: actingRows.length > LISTED_ROWS,
        invitations: { ...invitations, perDay: deps.invitations.perDay, writtenToday },
        samples,
        mappingProblems: job.phase === "mapping" ? mappingProblems(job.mapping ?? []) : [],
      };
    },
    recent: (limit) => jobs.recent(limit),
    async map(importId, form) {
      const job = await jobs.get(importId);
      if (!job) throw new AppError("NOT_FOUND", "No such import");
      if (job.phase !== "mapping") throw new AppError("CONFLICT", "This file's columns have already been matched. Upload it again to match them differently.");
      const outcome = readMappingForm(job.header ?? [], form);
      if (!outcome.ok) return outcome;
      const [moved] = await deps.batch([jobs.advance(job, { phase: "checking", position: 0, mapping: outcome.mapping }, deps.newClaim(), deps.now().toISOString())]);
      if ((moved?.meta.changes ?? 0) === 0) throw new AppError("CONFLICT", "This import has just been started by someone else.");
      deps.log.info("member_import.mapped", { importId, columns: outcome.mapping.length });
      await deps.continueLater(importId);
      return { ok: true };
    },
    async importChecked(importId, { staffEmail, invite }) {
      const job = await jobs.get(importId);
      if (!job) throw new AppError("NOT_FOUND", "No such import");
      if (job.phase !== "checked" || job.mode !== "check" || job.problems > 0 || job.fileProblems.length > 0) {
        throw new AppError("CONFLICT", "Only a finished dry run without problems can be imported from here. Upload the file again to import it.");
      }
      if (job.finishedAt && Date.parse(job.finishedAt) < deps.now().getTime() - STAGED_ROWS_KEPT_DAYS * DAY_MS) {
        throw new AppError("CONFLICT", `This dry run is more than ${STAGED_ROWS_KEPT_DAYS} days old and its rows have been cleared. Upload the file again to import it.`);
      }
      const [moved] = await deps.batch([
        jobs.advance(job, { phase: "checking", position: 0, mode: "import", staffEmail, invite, stripeLinks: 0, finished: false }, deps.newClaim(), deps.now().toISOString()),
      ]);
      if ((moved?.meta.changes ?? 0) === 0) throw new AppError("CONFLICT", "This import has just been started by someone else.");
      await deps.continueLater(importId);
    },
  };
}

export function createMemberImportJobs(deps: MemberImportDeps): MemberImportJobs {
  return {
    continue: (importId) => continueImport({ ...deps, released: released(deps) }, importId),
    async sweep(now) {
      await restartStalledImports({ jobs: deps.jobs, continueLater: deps.continueLater, log: deps.log }, now);
      await released(deps)();
      const keptSince = new Date(now.getTime() - STAGED_ROWS_KEPT_DAYS * DAY_MS).toISOString();
      const abandoned = await deps.jobs.abandonUnmapped(keptSince);
      if (abandoned > 0) deps.log.info("member_import.abandoned", { abandoned, reason: `waiting for a mapping for ${STAGED_ROWS_KEPT_DAYS} days` });
      const cleared = await deps.jobs.clearFinished(keptSince, CLEARED_PER_SWEEP);
      if (cleared > 0) deps.log.info("member_import.rows_cleared", { cleared });
    },
  };
}
