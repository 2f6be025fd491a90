/**
 * RFC 5545 content lines (§3.1, §3.3.5, §3.3.11):
 * - TEXT values escape backslash, semicolon and comma with a backslash, and write a line break
 *   (CRLF, CR or LF) as `\n`. Other control characters are not allowed in TEXT and are removed
 *   (tab is allowed and kept).
 * - A line longer than 75 octets of UTF-8 is folded: CRLF then one space, the space counting
 *   toward the next line's 75. Folds fall between characters, never inside one (an emoji's four
 *   octets stay together), so every line stays valid UTF-8.
 * - Times are UTC date-times, `YYYYMMDDTHHMMSSZ`, whole seconds (milliseconds are dropped).
 */
export const CRLF = "\r\n";
const MAX_OCTETS = 75;

export function escapeText(value: string): string {
  return value
    .replace(/\r\n|\r|\n/g, "\n")
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "")
    .replace(/[\\;,\n]/g, (char) => (char === "\n" ? "\\n" : `\\${char}`));
}

export function utcDateTime(moment: Date): string {
  if (Number.isNaN(moment.getTime())) throw new RangeError("utcDateTime: not a valid date");
  return moment.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
}

/** One content line, folded, without its final CRLF. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** UTF-8 octets for one code point; a lone surrogate is written as U+FFFD, three octets. */
const utf8Length = (codePoint: number): number => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);
