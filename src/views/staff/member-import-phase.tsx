/** Where an import has got to, in staff's words (the list of imports and the import's own page). */
import type { ImportJob } from "../../domain/member-import";

export function importPhaseText(job: ImportJob): string {
  const problems = job.problems + job.fileProblems.length;
  switch (job.phase) {
    case "staging":
      return "Receiving the file (if this stays, the upload was cut off: upload the file again)";
    case "mapping":
      return "Waiting for its columns to be matched to the site's fields";
    case "checking":
      return `Checking: ${job.position} of ${job.rows} rows checked`;
    case "checked":
      if (problems > 0) return `${problems} problem${problems === 1 ? "" : "s"}: nothing imported`;
      return "Dry run finished: nothing written";
    case "writing":
      return `Writing: ${job.pass === 0 ? "members with a number" : "members"}, ${job.position} of ${job.rows} rows done`;
    case "done":
      return "Imported";
    case "refused":
      return "The file could not be read: nothing imported";
    case "failed":
      return "Stopped by an error while writing";
  }
}

export function ImportPhaseWords({ job }: { job: ImportJob }) {
  return <>{importPhaseText(job)}</>;
}
