/**
 * What a visitor typed, made safe for FTS5. Every query is reduced to its words (letters, digits
 * and their accents, as the index's tokenizer reads them) and each word is quoted, so nothing
 * typed can be FTS5 syntax: `"`, `*`, `NEAR(`, `OR`, `-`, `:` or a column filter become plain
 * words or nothing, and SQL never sees the text at all (it is a bound parameter). Pure.
 */
import { MAX_QUERY_LENGTH, MAX_QUERY_WORDS } from "../../domain/search";

export type ParsedQuery =
  /** Words to search for, lower-cased, in the order typed, without repeats. */
  | { kind: "words"; text: string; words: string[] }
  /** Nothing searchable: an empty box, or only punctuation and symbols. */
  | { kind: "empty"; text: string }
  /** Refused: too long or too many words; `message` says which and what the limit is. */
  | { kind: "too-long"; text: string; message: string };

/** A word as the index's unicode61 tokenizer sees one: a letter or digit, then letters, digits and combining marks. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
/** Shorter words are matched whole: a one- or two-letter prefix would match most of the index. */
const PREFIX_FROM_LENGTH = 3;

/** The words of a text, lower-cased, as the query and the "did you mean" read them. */
export const wordsOf = (text: string): string[] => text.normalize("NFKC").toLowerCase().match(WORD) ?? [];

export function parseQuery(raw: string | undefined | null): ParsedQuery {
  const text = (raw ?? "").trim();
  if (text.length > MAX_QUERY_LENGTH) {
    return { kind: "too-long", text, message: `Your search is ${text.length} characters long: please use at most ${MAX_QUERY_LENGTH}.` };
  }
  const words = [...new Set(wordsOf(text))];
  if (words.length === 0) return { kind: "empty", text };
  if (words.length > MAX_QUERY_WORDS) {
    return { kind: "too-long", text, message: `Your search has ${words.length} words: please use at most ${MAX_QUERY_WORDS}.` };
  }
  return { kind: "words", text, words };
}

/**
 * A word's English plural ending taken off ("injuries" -> "injur", "classes" -> "class",
 * "exercises" -> "exercise"), so that, matched as a prefix, it finds the singular as well as
 * the plural. Always a prefix of the word itself, so it finds everything the word would.
 */
export function withoutPlural(word: string): string {
  if (word.length < 5 || !word.endsWith("s") || word.endsWith("ss")) return word;
  if (word.endsWith("ies")) return word.slice(0, -3);
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/**
 * The FTS5 expression for `words`: every word must appear (implicit AND), each quoted, and each
 * of three letters or more also matches as the start of a longer word ("physio" finds
 * "physiotherapy"; plurals folded: withoutPlural). A quoted word cannot hold a quote: words are
 * letters and digits only.
 */
export function matchExpression(words: readonly string[]): string {
  return words.map((word) => (word.length >= PREFIX_FROM_LENGTH ? `"${withoutPlural(word)}"*` : `"${word}"`)).join(" ");
}
