/**
 * The member directory's two inputs, validated wherever they arrive: the listing form on
 * /user/directory (what the member shows, field by field) and the search of /members/directory
 * (the search box and the page key). Messages are written for the member.
 */
import * as z from "zod";
import { DIRECTORY_FIELDS, type DirectoryEntry, type DirectoryField, type DirectoryKey, type DirectorySearch } from "../domain/directory";

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

/** The longest search the box takes: a full name with a town and a specialism fits well within it. */
export const MAX_DIRECTORY_SEARCH = 60;
/** The most words one search matches (each is one more lookup in the search index). */
export const MAX_DIRECTORY_SEARCH_WORDS = 8;

/**
 * The words of a search, as the search index splits its text (letters, digits and their accents);
 * everything else, quotes and stars included, only separates words, so nothing typed is ever
 * read as search syntax.
 */
export const searchWords = (text: string): string[] => text.normalize("NFKC").match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];

/** A page key in a link: `<id>` for a search, `<id>:<name>` when browsing by name. */
const DirectoryKeyParam = z
  .string()
  .max(20 + 200)
  .regex(/^[1-9][0-9]{0,14}(:[\s\S]+)?$/, { error: "This page link is not complete: start again from the first page of the directory" })
  .transform((value) => {
    const at = value.indexOf(":");
    return at < 0 ? { id: Number(value), name: null } : { id: Number(value.slice(0, at)), name: value.slice(at + 1) };
  })
  .optional()
  .transform((key) => key ?? null);

const DirectoryPageQuery = z.object({ after: DirectoryKeyParam, before: DirectoryKeyParam });

export type DirectorySearchResult =
  | { ok: true; search: DirectorySearch }
  /** A search the box must say something about (`field: "q"`, shown beside it with what was typed), or a broken page link. */
  | { ok: false; field: "q" | null; message: string; text: string };

/** Reads the directory's query string: the search box (`q`) and the page key (`after` or `before`). */
export function parseDirectorySearch(query: Record<string, string | undefined>): DirectorySearchResult {
  const text = (query.q ?? "").trim();
  const refuse = (field: "q" | null, message: string): DirectorySearchResult => ({ ok: false, field, message, text });
  if (text.length > MAX_DIRECTORY_SEARCH) return refuse("q", `Search with ${MAX_DIRECTORY_SEARCH} characters or fewer`);
  const words = searchWords(text);
  if (text !== "" && words.length === 0) return refuse("q", "Enter a name, town or specialism to search for");
  if (words.length > MAX_DIRECTORY_SEARCH_WORDS) return refuse("q", `Search with ${MAX_DIRECTORY_SEARCH_WORDS} words or fewer`);
  const page = DirectoryPageQuery.safeParse(query);
  if (!page.success) return refuse(null, "This page link is not complete: start again from the first page of the directory");
  const { after, before } = page.data;
  if (after && before) return refuse(null, "This page link is not complete: start again from the first page of the directory");
  // Browsing by name pages on the name too; a search's key is the id alone.
  for (const key of [after, before]) {
    if (key && words.length === 0 && key.name === null) return refuse(null, "This page link is not complete: start again from the first page of the directory");
    if (key && words.length > 0) key.name = null;
  }
  return { ok: true, search: { text, words, after, before } };
}

const keyParam = (key: DirectoryKey) => (key.name === null ? String(key.id) : `${key.id}:${key.name}`);

/** The directory's address for a search, from its first page or from a key. */
export function directorySearchHref(text: string, page: { after: DirectoryKey } | { before: DirectoryKey } | null = null): string {
  const params = new URLSearchParams();
  if (text) params.set("q", text);
  if (page && "after" in page) params.set("after", keyParam(page.after));
  if (page && "before" in page) params.set("before", keyParam(page.before));
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
