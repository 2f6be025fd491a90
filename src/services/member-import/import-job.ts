/**
 * The member import's background job (the jobs queue): an uploaded file's staged rows checked,
 * then written, a chunk at a time.
 *
 * - Checking reads the staged rows in file order, a chunk at a time; each chunk is validated and
 *   planned (check-chunk.ts), and its findings, the duplicate checks against earlier rows and the
 *   move of the import's progress go in one batch. After the last chunk the counts are added up.
 * - Any problem, or a dry run, ends the import there ("checked"): nothing is written. That is the
 *   file's all-or-nothing promise: every row is checked before the first is written.
 * - Writing goes through the rows twice, those with a member number first (so a number the
 *   trigger gives never collides with one the file gives later), each chunk one upsert straight
 *   from the staged rows, its invitations queued for the day's budget, and the move of progress,
 *   in one batch. The last chunk's batch records the staff audit entry.
 *
 * Every chunk's batch first moves the progress from the steps read (compare and set) and records
 * a fresh claim, and its writes happen only under that claim: a job cut off resumes after the last
 * chunk that committed, and two workers on one import never both write a chunk. An invocation does
 * at most `chunksPerInvocation` chunks, then hands the import to the queue again.
 */
import type { AuditLog } from "../../adapters/d1/audit-log";
import type { ImportJob, ImportStep, MemberImportJobStore } from "../../adapters/d1/member-import-jobs";
import type { MemberImportStore } from "../../adapters/d1/member-import";
import type { Logger } from "../../log";
import { londonDate } from "../../shared/london-date";
import { checkChunk } from "./check-chunk";
import { columnsOf, guessMapping } from "./mapping";
import type { StripeLookups } from "./stripe-links";
import type { MembershipType } from "./validate-row";

export interface ImportJobDeps {
  jobs: MemberImportJobStore;
  members: Pick<MemberImportStore, "existing">;
  membershipTypes: () => Promise<MembershipType[]>;
  stripe: StripeLookups | null;
  audit: Pick<AuditLog, "record">;
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result[]>;
  /** Hands the rest of an import to another invocation (the jobs queue). */
  continueLater: (importId: number) => Promise<void>;
  /** After the last chunk is written: lets the day's budget of invitations into the outbox. */
  released: () => Promise<unknown>;
  newClaim: () => string;
  now: () => Date;
  log: Logger;
  limits?: ImportJobLimits;
}

export interface ImportJobLimits {
  checkChunk: number;
  writeChunk: number;
  chunksPerInvocation: number;
}

/**
 * A check chunk of 1,000 rows costs about ten D1 queries (one read, four for what D1 holds, the
 * batch's statements); a write chunk of 2,000 rows three. Ten chunks an invocation stay near 100
 * queries, a few MB of memory and a few seconds; 60,000 rows take six invocations to check and
 * six to write (two passes).
 */
export const IMPORT_JOB_LIMITS: ImportJobLimits = { checkChunk: 1_000, writeChunk: 2_000, chunksPerInvocation: 10 };

/** Goes on with an import from where its progress says; an import not checking or writing is left as it is. */
export async function continueImport(deps: ImportJobDeps, importId: number): Promise<ImportJob | null> {
  const limits = deps.limits ?? IMPORT_JOB_LIMITS;
  let job = await deps.jobs.get(importId);
  if (!job) {
    deps.log.warn("member_import.unknown", { importId });
    return null;
  }
  let types: MembershipType[] | null = null;
  const context = { deps, limits, types: async () => (types ??= await deps.membershipTypes()) };
  for (let chunks = 0; job.phase === "checking" || job.phase === "writing"; chunks++) {
    if (chunks === limits.chunksPerInvocation) {
      await deps.continueLater(job.id);
      deps.log.info("member_import.continued", { importId: job.id, phase: job.phase, position: job.position });
      return job;
    }
    const step = job.phase === "checking" ? await checkStep(context, job) : writeStep(context, job);
    const claim = deps.newClaim();
    const now = deps.now().toISOString();
    let results: D1Result[];
    try {
      results = await deps.batch([deps.jobs.advance(job, step.to, claim, now), ...step.statements(claim)]);
    } catch (error) {
      if (job.phase !== "writing") throw error;
      // A write refused by D1 (a member number taken since the check, say): the chunk wrote nothing
      // and the job stops with the reason, for staff to fix and run again; chunks before it stay written.
      deps.log.error("member_import.write_failed", { importId: job.id, pass: job.pass, position: job.position, error });
      await deps.batch([deps.jobs.advance(job, { phase: "failed", position: job.position, error: errorText(error), finished: true }, claim, now)]);
      return deps.jobs.get(job.id);
    }
    if ((results[0]?.meta.changes ?? 0) === 0) {
      deps.log.info("member_import.taken", { importId: job.id, phase: job.phase });
      return deps.jobs.get(job.id);
    }
    job = moved(job, step.to);
    if (job.phase === "done") {
      deps.log.info("member_import.done", { importId: job.id, rows: job.rows, created: job.created, changed: job.changed, invitations: job.invitations });
      await deps.released();
    }
  }
  return job;
}

/** The import as a committed step leaves it. */
function moved(job: ImportJob, to: ImportStep): ImportJob {
  const { counts, finished: _finished, error, ...rest } = to;
  return { ...job, ...rest, ...counts, steps: job.steps + 1, error: error === undefined ? job.error : error };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

interface Step {
  to: ImportStep;
  statements: (claim: string) => D1PreparedStatement[];
}

interface StepContext {
  deps: ImportJobDeps;
  limits: ImportJobLimits;
  types: () => Promise<MembershipType[]>;
}

async function checkStep({ deps, limits, types }: StepContext, job: ImportJob): Promise<Step> {
  const staged = await deps.jobs.stagedAfter(job.id, job.position, limits.checkChunk);
  if (staged.length === 0) return endOfChecking(deps, job);
  // An import staged before mappings were kept reads its header as the file named it.
  const columns = columnsOf(job.mapping ?? guessMapping(job.header ?? []));
  const checked = await checkChunk(
    { columns, types: await types(), existing: deps.members.existing, stripe: deps.stripe, stripeLinksBefore: job.stripeLinks, invite: job.invite, today: londonDate(deps.now()) },
    staged,
  );
  const from = staged[0]!.seq;
  const to = staged.at(-1)!.seq;
  return {
    to: { phase: "checking", position: to, stripeLinks: job.stripeLinks + checked.stripeLinks, fileProblems: [...job.fileProblems, ...checked.fileProblems] },
    statements: (claim) => [...deps.jobs.checked(job.id, checked.rows, claim), ...deps.jobs.duplicates(job.id, from, to, claim)],
  };
}

/** Every row is checked: the counts, then written only if it is the real run and nothing is wrong. */
async function endOfChecking(deps: ImportJobDeps, job: ImportJob): Promise<Step> {
  const { numbered, ...counts } = await deps.jobs.tally(job.id);
  const clean = counts.problems === 0 && job.fileProblems.length === 0;
  if (job.mode === "check" || !clean) return { to: { phase: "checked", position: job.position, counts, finished: true }, statements: () => [] };
  // The same file again: nothing to write, no history to bring, nobody to invite, nothing for the audit log.
  const history = counts.payments + counts.cpd + counts.custom + counts.notes + counts.consentDates;
  if (counts.created + counts.changed === 0 && history === 0 && (!job.invite || counts.invitations === 0)) {
    return { to: { phase: "done", position: job.position, counts, finished: true }, statements: () => [] };
  }
  // Without a numbered row to write (or with history to bring), the first pass has nothing to do.
  return { to: { phase: "writing", pass: numbered > 0 ? 0 : 1, position: 0, counts }, statements: () => [] };
}

function writeStep({ deps, limits }: StepContext, job: ImportJob): Step {
  const from = job.position + 1;
  const to = Math.min(job.position + limits.writeChunk, job.rows);
  const pass = job.pass;
  const last = to >= job.rows;
  const next: ImportStep = !last ? { phase: "writing", position: to } : pass === 0 ? { phase: "writing", pass: 1, position: 0 } : { phase: "done", position: to, finished: true };
  return {
    to: next,
    statements: (claim) => [
      // Straight after the move of progress: recorded only by the worker that moved it.
      ...(next.phase === "done"
        ? [
            deps.audit.record(
              {
                staffEmail: job.staffEmail,
                action: "members.imported",
                details: {
                  importId: job.id,
                  rows: job.rows,
                  created: job.created,
                  changed: job.changed,
                  unchanged: job.unchanged,
                  skipped: job.skipped,
                  invited: job.invite ? job.invitations : 0,
                  payments: job.payments,
                  cpd: job.cpd,
                  custom: job.custom,
                  notes: job.notes,
                  consentDates: job.consentDates,
                },
              },
              { afterChange: true },
            ),
          ]
        : []),
      deps.jobs.write(job.id, pass, from, to, claim),
      ...(history(job) ? deps.jobs.writeHistory(job.id, pass, from, to, claim, job) : []),
      ...(pass === 1 && job.invite ? [deps.jobs.queueInvitations(job.id, from, to, claim)] : []),
    ],
  };
}

/** Whether the file brings any history (its statements are left out of the chunks otherwise). */
const history = (job: ImportJob) => job.payments + job.cpd + job.custom + job.notes + job.consentDates > 0;

/** A run whose progress has not moved for this long is taken to have lost its hand-over. */
export const STALLED_IMPORT_AFTER_MS = 15 * 60_000;

/** For the sweep: hands imports that stopped moving to the queue again (a repeat is harmless: compare and set). */
export async function restartStalledImports(
  deps: { jobs: Pick<MemberImportJobStore, "stalled">; continueLater: (importId: number) => Promise<void>; log: Logger },
  now: Date,
): Promise<number[]> {
  const ids = await deps.jobs.stalled(new Date(now.getTime() - STALLED_IMPORT_AFTER_MS).toISOString(), 10);
  for (const id of ids) {
    deps.log.warn("member_import.restarted", { importId: id, reason: "no progress for 15 minutes" });
    await deps.continueLater(id);
  }
  return ids;
}
