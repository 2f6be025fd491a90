/**
 * The mapping screen's form, read: for column i, `use.i` ("field:<name>", "history:<part>",
 * "custom" or "ignore"), `entry.i` (which payment or CPD activity, from 1) and `name.i` (the kept
 * field's name). Anything else is a problem beside its column, and what staff chose is kept.
 */
import * as z from "zod";
import { HISTORY_FIELD_LABELS, MAX_CUSTOM_NAME, MAX_HISTORY_ENTRIES, MEMBER_FIELDS, type HistoryField, type ImportMapping, type MappingProblem } from "../../domain/import-mapping";
import type { ImportColumn } from "../../domain/member-import";
import { mappingProblems } from "./mapping";

const Entry = z.coerce.number().int().min(1).max(MAX_HISTORY_ENTRIES);

export type MappingFormOutcome = { ok: true; mapping: ImportMapping } | { ok: false; mapping: ImportMapping; problems: MappingProblem[] };

export function readMappingForm(header: readonly string[], form: Readonly<Record<string, unknown>>): MappingFormOutcome {
  const problems: MappingProblem[] = [];
  const text = (key: string) => (typeof form[key] === "string" ? (form[key] as string).trim() : "");
  const mapping: ImportMapping = header.map((raw, column) => {
    const use = text(`use.${column}`);
    if (use.startsWith("field:") && (MEMBER_FIELDS as readonly string[]).includes(use.slice(6))) return { kind: "field", field: use.slice(6) as ImportColumn };
    if (use.startsWith("history:") && Object.hasOwn(HISTORY_FIELD_LABELS, use.slice(8))) {
      const entry = Entry.safeParse(text(`entry.${column}`) || "1");
      if (!entry.success) problems.push({ column, message: `Which entry: a whole number from 1 to ${MAX_HISTORY_ENTRIES}` });
      return { kind: "history", field: use.slice(8) as HistoryField, entry: entry.success ? entry.data : 1 };
    }
    if (use === "custom") {
      const name = text(`name.${column}`) || raw.trim();
      if (name.length > MAX_CUSTOM_NAME) problems.push({ column, message: `The name is longer than ${MAX_CUSTOM_NAME} characters` });
      return { kind: "custom", name: name.slice(0, MAX_CUSTOM_NAME) };
    }
    if (use !== "ignore") problems.push({ column, message: "Choose what this column holds, or ignore it" });
    return { kind: "ignore" };
  });
  problems.push(...mappingProblems(mapping));
  return problems.length > 0 ? { ok: false, mapping, problems } : { ok: true, mapping };
}
