/**
 * Attendance at events and the CPD it earns (issue 27; docs/decisions/0061): what an import of an
 * online session's attendance report found and did. Types only; the rules are in
 * services/events/event-attendance.ts.
 */

/** What became of one attended place's CPD. */
export type CreditOutcome = "credited" | "credited-before" | "no-account" | "no-cpd";

export interface ImportedPlace {
  name: string;
  email: string;
  minutes: number;
  /** Already marked attended before this import (their first record is kept). */
  markedBefore: boolean;
  credit: CreditOutcome | null;
}

export interface AttendanceImport {
  /** False for a preview: nothing was recorded. */
  applied: boolean;
  requiredMinutes: number;
  attended: ImportedPlace[];
  tooShort: ImportedPlace[];
  /** Addresses in the report that match no confirmed place at this event. */
  unmatched: { email: string; minutes: number }[];
  rowsWithoutEmail: number;
}
