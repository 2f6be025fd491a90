/**
 * The member directory's two inputs, validated wherever they arrive: the listing form on
 * /user/directory (what the member shows, field by field) and the search of /members/directory
 * (name, town, specialisation, page). Messages are written for the member.
 */
import * as z from "zod";
import { DIRECTORY_FIELDS, type DirectoryEntry, type DirectoryField, type DirectorySearch } from "../domain/directory";

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Your ${label} must be ${max} characters or fewer` })
    .optional()
    .transform((value) => (value ? value : null));

/** A checkbox: present ("on") when ticked, absent when not. */
const shown = z
  .literal("on", { error: "Tick the box or leave it empty" })
  .optional()
  .transform((value) => value === "on");

export const DirectoryListingForm = z.object({
  displayName: z
    .string({ error: "Enter the name to list" })
    .trim()
    .min(1, { error: "Enter the name to list" })
    .max(120, { error: "Your name must be 120 characters or fewer" }),
  town: optionalText("town or city", 100),
  workplace: optionalText("workplace", 200),
  specialisation: optionalText("specialisation", 100),
  email: optionalText("e-mail address", 254).refine((v) => v === null || z.email().safeParse(v).success, {
    error: "Enter an e-mail address, like name@example.com",
  }),
  phone: optionalText("phone number", 30).refine((v) => v === null || /^\+?[0-9 ()-]{7,30}$/.test(v), {
    error: "Enter a phone number, like 01632 960 001 or +44 1632 960 001",
  }),
  showTown: shown,
  showWorkplace: shown,
  showSpecialisation: shown,
  showEmail: shown,
  showPhone: shown,
});

/** The form field that says whether `field` shows. */
const SHOW_FIELD = { town: "showTown", workplace: "showWorkplace", specialisation: "showSpecialisation", email: "showEmail", phone: "showPhone" } as const;
export const showFieldName = <F extends DirectoryField>(field: F): (typeof SHOW_FIELD)[F] => SHOW_FIELD[field];

export type DirectoryFormResult = { ok: true; entry: DirectoryEntry } | { ok: false; problems: { field: string; message: string }[] };

/** Reads a submitted listing form; a field that is shown must have a value. */
export function parseDirectoryListingForm(input: Record<string, unknown>): DirectoryFormResult {
  const parsed = DirectoryListingForm.safeParse(input);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? "displayName"), message: issue.message })) };
  }
  const d = parsed.data;
  const show = Object.fromEntries(DIRECTORY_FIELDS.map((field) => [field, d[showFieldName(field)]])) as Record<DirectoryField, boolean>;
  const problems = DIRECTORY_FIELDS.filter((field) => show[field] && d[field] === null).map((field) => ({
    field,
    message: `Enter your ${FIELD_LABELS[field].toLowerCase()}, or untick "show" for it`,
  }));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, entry: { displayName: d.displayName, town: d.town, workplace: d.workplace, specialisation: d.specialisation, email: d.email, phone: d.phone, show } };
}

export const FIELD_LABELS: Readonly<Record<DirectoryField, string>> = {
  town: "Town or city",
  workplace: "Workplace",
  specialisation: "Specialisation",
  email: "E-mail address",
  phone: "Phone number",
};

/** The most pages a search may ask for: far past any real directory, small enough to bound OFFSET. */
export const MAX_DIRECTORY_PAGE = 1000;

const filter = (label: string) =>
  z
    .string()
    .trim()
    .max(100, { error: `Search by ${label} with 100 characters or fewer` })
    .optional()
    .transform((value) => (value ? value : null));

export const DirectorySearchQuery = z.object({
  name: filter("name"),
  town: filter("town"),
  specialisation: filter("specialisation"),
  page: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : "1"))
    .pipe(z.string().regex(/^[1-9][0-9]{0,3}$/, { error: "The page must be a whole number from 1" }))
    .transform(Number)
    .pipe(z.number().max(MAX_DIRECTORY_PAGE, { error: `The page must be ${MAX_DIRECTORY_PAGE} or less` })),
});

export type DirectorySearchResult = { ok: true; search: DirectorySearch } | { ok: false; message: string };

/** Reads the directory's query string (repeated parameters are refused by the single-value read). */
export function parseDirectorySearch(query: Record<string, string | undefined>): DirectorySearchResult {
  const parsed = DirectorySearchQuery.safeParse(query);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  return { ok: true, search: parsed.data };
}

/** The directory's address for a search (empty filters left out), for paging links. */
export function directorySearchHref(search: DirectorySearch): string {
  const params = new URLSearchParams();
  if (search.name) params.set("name", search.name);
  if (search.town) params.set("town", search.town);
  if (search.specialisation) params.set("specialisation", search.specialisation);
  if (search.page > 1) params.set("page", String(search.page));
  const query = params.toString();
  return query ? `/members/directory?${query}` : "/members/directory";
}

/** The values of a refused listing form as they were typed, to show them again with the errors. */
export function submittedDirectoryEntry(input: Record<string, unknown>): DirectoryEntry {
  const text = (key: string) => (typeof input[key] === "string" ? (input[key] as string).slice(0, 300) : "");
  const show = Object.fromEntries(DIRECTORY_FIELDS.map((field) => [field, input[showFieldName(field)] === "on"])) as Record<DirectoryField, boolean>;
  return {
    displayName: text("displayName"),
    town: text("town"),
    workplace: text("workplace"),
    specialisation: text("specialisation"),
    email: text("email"),
    phone: text("phone"),
    show,
  };
}
