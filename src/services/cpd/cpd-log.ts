/**
 * The member's CPD log (/user/cpd): the yearly view, manual entries, confirming webinar entries,
 * deleting and the CSV export. Every call names the signed-in user, and every read and write is
 * of that user's own entries only: another member's entry id finds nothing (a 404).
 */
import type { CpdStore } from "../../adapters/d1/cpd";
import type { CpdEntry, CpdYear } from "../../domain/cpd";
import { AppError } from "../../errors";
import { parseManualEntryForm, parseReflectionForm, type CpdFormProblem } from "../../shared/cpd-form";
import { londonDate } from "../../shared/london-date";
import { cpdCsv } from "./cpd-export";
import { cpdYear, logYears, yearOf } from "./cpd-year";

export interface CpdLogDeps {
  store: CpdStore;
  /** The society's yearly target in hundredths of an hour, or null. */
  targetHundredths: () => Promise<number | null>;
  newId: () => string;
  now: () => Date;
}

export type FormOutcome = { ok: true; entry: CpdEntry | null } | { ok: false; problems: CpdFormProblem[] };

const notFound = () => new AppError("NOT_FOUND", "There is no such entry in your CPD log");

export function createCpdLog({ store, targetHundredths, newId, now }: CpdLogDeps) {
  const today = () => londonDate(now());
  const thisYear = () => Number(today().slice(0, 4));

  async function own(userId: string, entryId: string): Promise<CpdEntry> {
    const entry = await store.entry(userId, entryId);
    if (!entry) throw notFound();
    return entry;
  }

  return {
    thisYear,
    today,
    /** One year of the log (this year by default), with the years there are to choose from. */
    async year(userId: string, year: number | null): Promise<{ log: CpdYear; years: number[]; toConfirm: CpdEntry[] }> {
      const [entries, target] = await Promise.all([store.entries(userId), targetHundredths()]);
      const shown = year ?? thisYear();
      return {
        log: cpdYear(entries, shown, target),
        years: logYears(entries, thisYear()),
        // Webinar entries waiting for the member, whatever their year.
        toConfirm: entries.filter((e) => e.confirmedAt === null),
      };
    },
    entry: own,
    async addManual(userId: string, form: Record<string, unknown>): Promise<FormOutcome> {
      const parsed = parseManualEntryForm(form, today());
      if (!parsed.ok) return parsed;
      const id = newId();
      await store.addManual(userId, id, parsed.value);
      return { ok: true, entry: await store.entry(userId, id) };
    },
    /** Saves an entry's edit: every field of a manual entry, the reflection (which confirms it) of a webinar entry. */
    async update(userId: string, entryId: string, form: Record<string, unknown>): Promise<FormOutcome> {
      const entry = await own(userId, entryId);
      if (entry.source === "manual") {
        const parsed = parseManualEntryForm(form, today());
        if (!parsed.ok) return parsed;
        if (!(await store.updateManual(userId, entryId, parsed.value))) throw notFound();
      } else {
        const parsed = parseReflectionForm(form);
        if (!parsed.ok) return parsed;
        if (!(await store.confirmWebinar(userId, entryId, parsed.value))) throw notFound();
      }
      return { ok: true, entry: await store.entry(userId, entryId) };
    },
    async remove(userId: string, entryId: string): Promise<void> {
      const entry = await own(userId, entryId);
      if (entry.certificate) throw new AppError("CONFLICT", "This entry has a certificate, so it stays in your log. The certificate would otherwise point at nothing.");
      if (!(await store.remove(userId, entryId))) throw notFound();
    },
    /** The CSV of one year of the user's own log. */
    async exportYear(userId: string, year: number): Promise<string> {
      return cpdCsv((await store.entries(userId)).filter((e) => yearOf(e) === year));
    },
  };
}

export type CpdLog = ReturnType<typeof createCpdLog>;
