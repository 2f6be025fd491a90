/**
 * The CPD log's forms, validated wherever they arrive (/user/cpd): a manual entry (every field),
 * a webinar entry's confirmation (the reflection), and the year a view or export is for.
 * Messages are written for the member and name the field they are about.
 */
import * as z from "zod";
import { CPD_CATEGORIES, CPD_MAX_HUNDREDTHS, CPD_MIN_HUNDREDTHS, isCpdCategory, type CpdCategory, type CpdEntryFields } from "../domain/cpd";

export const REFLECTION_MAX = 5000;
const TEXT_MAX = 200;
const URL_MAX = 2000;
/** No one logs learning from before the society's records began. */
const EARLIEST_DATE = "1950-01-01";

export interface CpdFormProblem {
  field: string;
  message: string;
}

export type CpdFormResult<T> = { ok: true; value: T } | { ok: false; problems: CpdFormProblem[] };

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, { error: `Enter the ${label}` })
    .max(max, { error: `The ${label} must be ${max} characters or fewer` })
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), { error: `The ${label} contains characters that cannot be shown` });

const reflection = text("reflection: what you learned and how it changes your practice", REFLECTION_MAX);

/** A calendar day that exists, written YYYY-MM-DD (what a date input sends). */
function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Hours as a person types them (1, 1.5, 0.25, "2,5" is refused rather than guessed), to
 * hundredths: at most two decimal places, between a quarter of an hour and 100 hours.
 */
export function parseHours(value: string): { ok: true; hundredths: number } | { ok: false; message: string } {
  const trimmed = value.trim();
  if (trimmed === "") return { ok: false, message: "Enter the hours, like 1.5" };
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return { ok: false, message: "Enter the hours as a number with up to two decimal places, like 1.5 or 0.25" };
  const [whole, fraction = ""] = trimmed.split(".");
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (hundredths < CPD_MIN_HUNDREDTHS || hundredths > CPD_MAX_HUNDREDTHS) return { ok: false, message: "The hours must be between 0.25 and 100" };
  return { ok: true, hundredths };
}

/** An optional evidence link: empty, or an http(s) address of at most 2,000 characters. */
function parseEvidenceUrl(value: string): { ok: true; url: string | null } | { ok: false; message: string } {
  const trimmed = value.trim();
  if (trimmed === "") return { ok: true, url: null };
  if (trimmed.length > URL_MAX) return { ok: false, message: `The evidence link must be ${URL_MAX} characters or fewer` };
  if (!URL.canParse(trimmed)) return { ok: false, message: "Enter the evidence link as a full web address, like https://example.com/certificate.pdf" };
  const url = new URL(trimmed);
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, message: "The evidence link must start with https:// or http://" };
  if (url.username || url.password) return { ok: false, message: "The evidence link must not contain a user name or password" };
  return { ok: true, url: url.href };
}

const asString = (value: unknown) => (typeof value === "string" ? value : "");

/** The first message Zod gives for one field, if any. */
function check<T>(schema: z.ZodType<T>, value: unknown, field: string, problems: CpdFormProblem[]): T | null {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  problems.push({ field, message: result.error.issues[0]?.message ?? `Check the ${field}` });
  return null;
}

/**
 * A manual entry's form: date (not in the future, London time: `today`), title, provider, hours,
 * category, reflection and an optional evidence link. Every problem is reported at once.
 */
export function parseManualEntryForm(input: Record<string, unknown>, today: string): CpdFormResult<CpdEntryFields> {
  const problems: CpdFormProblem[] = [];
  const activityDate = asString(input.activityDate).trim();
  if (activityDate === "") problems.push({ field: "activityDate", message: "Enter the date of the activity" });
  else if (!isRealDate(activityDate)) problems.push({ field: "activityDate", message: "Enter a real date, like 2026-03-14" });
  else if (activityDate > today) problems.push({ field: "activityDate", message: "The date cannot be in the future" });
  else if (activityDate < EARLIEST_DATE) problems.push({ field: "activityDate", message: "The date must be in 1950 or later" });
  const title = check(text("title of the activity", TEXT_MAX), input.title ?? "", "title", problems);
  const provider = check(text("provider (who ran it)", TEXT_MAX), input.provider ?? "", "provider", problems);
  const hours = parseHours(asString(input.hours));
  if (!hours.ok) problems.push({ field: "hours", message: hours.message });
  const category = asString(input.category);
  if (!isCpdCategory(category)) problems.push({ field: "category", message: `Choose a category: ${Object.values(CPD_CATEGORIES).join(", ")}` });
  const written = check(reflection, input.reflection ?? "", "reflection", problems);
  const evidence = parseEvidenceUrl(asString(input.evidenceUrl));
  if (!evidence.ok) problems.push({ field: "evidenceUrl", message: evidence.message });
  if (problems.length > 0 || title === null || provider === null || written === null || !hours.ok || !evidence.ok) return { ok: false, problems };
  return {
    ok: true,
    value: { activityDate, title, provider, hoursHundredths: hours.hundredths, category: category as CpdCategory, reflection: written, evidenceUrl: evidence.url },
  };
}

/** A webinar entry's confirmation: the member's reflection. */
export function parseReflectionForm(input: Record<string, unknown>): CpdFormResult<string> {
  const problems: CpdFormProblem[] = [];
  const written = check(reflection, input.reflection ?? "", "reflection", problems);
  return written === null ? { ok: false, problems } : { ok: true, value: written };
}

/** The year a log page or export is for: a four-digit year, else `fallback` (this year). */
export function parseLogYear(value: string | undefined, fallback: number): number | null {
  if (value === undefined || value === "") return fallback;
  if (!/^\d{4}$/.test(value)) return null;
  const year = Number(value);
  return year >= 1950 && year <= fallback + 1 ? year : null;
}
