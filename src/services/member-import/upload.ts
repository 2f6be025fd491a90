/**
 * Receiving an import file: read as it streams (UTF-8, then CSV record by record: csv.ts), its
 * header checked, and its records stored in D1 (member_import_rows) a few thousand at a time
 * before the request answers, so the file is never lost and the request never holds it all as
 * text or rows. A file that cannot be read as a whole (not UTF-8, broken quoting, no header,
 * empty, too large) is refused here with the reason. A file whose columns are all the site's own
 * is handed to the jobs queue at once, which checks and writes it (import-job.ts); any other
 * waits for staff to map its columns (phase "mapping", with the guess to start from).
 */
import type { MemberImportJobStore, StagedRow } from "../../adapters/d1/member-import-jobs";
import type { ImportProblem } from "../../domain/member-import";
import type { Logger } from "../../log";
import { guessMapping, needsNoScreen, rememberedUses } from "./mapping";
import { CsvError, CsvReader, NOT_UTF8, type CsvRecord } from "./csv";

/** The largest file accepted: 60,000 members take about 10 MB; this leaves room and bounds the work. */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;
/** The most member rows in one file. */
export const MAX_IMPORT_ROWS = 100_000;
/**
 * Records per staging statement, and the most text of their fields (a wide export from another
 * system may have a hundred columns: a statement's one parameter stays well under D1's 2 MB for
 * a value), and statements per D1 batch.
 */
const ROWS_PER_STATEMENT = 1_000;
const CHARS_PER_STATEMENT = 500_000;
const STATEMENTS_PER_BATCH = 5;

/** How many of the pending records the next staging statement takes. */
function nextStatementRows(pending: readonly StagedRow[]): number {
  let count = 1;
  let chars = sizeOf(pending[0]!);
  while (count < pending.length && count < ROWS_PER_STATEMENT && chars + sizeOf(pending[count]!) <= CHARS_PER_STATEMENT) chars += sizeOf(pending[count++]!);
  return count;
}

const sizeOf = (row: StagedRow) => row.fields.reduce((sum, field) => sum + field.length + 4, 16);

export interface UploadDeps {
  jobs: MemberImportJobStore;
  batch: (statements: D1PreparedStatement[]) => Promise<unknown>;
  /** Hands the import to the jobs queue. */
  continueLater: (importId: number) => Promise<void>;
  newClaim: () => string;
  now: () => Date;
  log: Logger;
}

export interface UploadFile {
  size: number;
  stream(): ReadableStream<Uint8Array>;
}

export type UploadOutcome = { importId: number; problems: [] } | { importId: number | null; problems: ImportProblem[] };

const fileProblem = (message: string, line: number | null = null): ImportProblem[] => [{ line, column: null, message }];

/** The file's text, decoded piece by piece; throws CsvError when it is not UTF-8. */
async function* textOf(file: UploadFile): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      yield decoder.decode(done ? undefined : value, { stream: !done });
      if (done) return;
    }
  } catch (error) {
    if (error instanceof TypeError) throw new CsvError(null, NOT_UTF8);
    throw error;
  } finally {
    reader.releaseLock();
  }
}

export async function uploadImport(deps: UploadDeps, file: UploadFile, options: { staffEmail: string; mode: "check" | "import"; invite: boolean }): Promise<UploadOutcome> {
  if (file.size === 0) return { importId: null, problems: fileProblem("The file is empty. Choose the CSV file of members.") };
  if (file.size > MAX_IMPORT_BYTES) {
    return { importId: null, problems: fileProblem(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it and import the parts one after another.`) };
  }
  const job = await deps.jobs.create(options, deps.now().toISOString());
  let header: CsvRecord | null = null;
  let rows = 0;
  const pending: StagedRow[] = [];
  const flush = async (all: boolean) => {
    while (pending.length >= ROWS_PER_STATEMENT * STATEMENTS_PER_BATCH || (all && pending.length > 0)) {
      const statements: D1PreparedStatement[] = [];
      for (let i = 0; i < STATEMENTS_PER_BATCH && pending.length > 0; i++) statements.push(deps.jobs.stage(job.id, pending.splice(0, nextStatementRows(pending))));
      await deps.batch(statements);
    }
  };
  /** Takes the records a piece of text completed; the problem that stops the reading, if any. */
  const take = (records: readonly CsvRecord[]): ImportProblem[] | null => {
    for (const record of records) {
      if (!header) {
        header = record;
        if (record.fields.every((field) => field.trim() === "")) return fileProblem("The first line is empty: it must name the file's columns.", record.line);
        continue;
      }
      rows += 1;
      if (rows > MAX_IMPORT_ROWS) return fileProblem(`The file has more than ${MAX_IMPORT_ROWS} members; import at most ${MAX_IMPORT_ROWS} at a time.`);
      pending.push({ seq: rows, line: record.line, fields: record.fields });
    }
    return null;
  };
  const problems = await (async (): Promise<ImportProblem[]> => {
    const csv = new CsvReader();
    try {
      for await (const text of textOf(file)) {
        const stop = take(csv.push(text));
        if (stop) return stop;
        await flush(false);
      }
      const stop = take(csv.end());
      if (stop) return stop;
    } catch (error) {
      if (error instanceof CsvError) return fileProblem(error.message, error.line);
      throw error;
    }
    if (!header) return fileProblem("The file is empty. Choose the CSV file of members.");
    if (rows === 0) return fileProblem("The file has a header but no members.");
    await flush(true);
    return [];
  })();
  const staged = job;
  const now = deps.now().toISOString();
  const claim = deps.newClaim();
  if (problems.length > 0) {
    // The rows staged so far are cleared with the finished imports' (the sweep).
    await deps.batch([deps.jobs.advance(staged, { phase: "refused", position: 0, rows, fileProblems: problems, finished: true }, claim, now)]);
    deps.log.info("member_import.refused", { importId: job.id, rows, problems: problems.length });
    return { importId: job.id, problems };
  }
  const headerFields = (header as CsvRecord | null)?.fields ?? [];
  const latest = await deps.jobs.latestMapping();
  const mapping = guessMapping(headerFields, latest ? rememberedUses(latest.header, latest.mapping) : undefined);
  if (!needsNoScreen(mapping)) {
    await deps.batch([deps.jobs.advance(staged, { phase: "mapping", position: 0, rows, header: headerFields, mapping }, claim, now)]);
    deps.log.info("member_import.staged", { importId: job.id, rows, mode: options.mode, mapping: "to choose" });
    return { importId: job.id, problems: [] };
  }
  await deps.batch([deps.jobs.advance(staged, { phase: "checking", position: 0, rows, header: headerFields, mapping }, claim, now)]);
  deps.log.info("member_import.staged", { importId: job.id, rows, mode: options.mode });
  try {
    await deps.continueLater(job.id);
  } catch (error) {
    deps.log.warn("member_import.handover_failed", { importId: job.id, error, next: "the sweep hands it on" });
  }
  return { importId: job.id, problems: [] };
}
