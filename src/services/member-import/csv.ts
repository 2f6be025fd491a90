/**
 * A small CSV reader for the member import (RFC 4180): fields separated by commas, records by
 * CRLF or LF, fields in double quotes may hold commas, line breaks and doubled quotes (""). A
 * leading byte order mark is dropped. The file must be UTF-8: anything else (a spreadsheet saved
 * as Windows-1252, say) is refused rather than read with its accents garbled.
 *
 * Hand-written rather than a library: these few rules are the whole format, the Worker's bundle
 * stays small, and every error can name the line it is on.
 */

/** One record and the line of the file it starts on (1-based; a quoted field may span lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  override readonly name = "CsvError";
  constructor(
    readonly line: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** Decodes the file as UTF-8 (without its byte order mark), or throws CsvError. */
export function decodeUtf8(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CsvError(null, "The file is not UTF-8 text. In your spreadsheet, save it as \"CSV UTF-8\" and upload it again.");
  }
}

/** Parses CSV text into records, skipping blank lines; throws CsvError on malformed quoting. */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  /** The current field was quoted and its closing quote has been read. */
  let closed = false;
  let i = 0;

  const endField = () => {
    fields.push(field);
    field = "";
    closed = false;
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
  };

  while (i < source.length) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        closed = true;
        i += 1;
        continue;
      }
      if (char === "\n") line += 1;
      field += char;
      i += 1;
      continue;
    }
    if (char === ",") {
      endField();
      i += 1;
      continue;
    }
    if (char === "\r" || char === "\n") {
      endRecord();
      i += char === "\r" && source[i + 1] === "\n" ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    if (closed) throw new CsvError(line, `Line ${line}: there is text after a closing quote. Put the whole field in quotes and write a quote inside it as "".`);
    if (char === '"') {
      if (field !== "") throw new CsvError(line, `Line ${line}: a quote in the middle of a field. Put the whole field in quotes and write a quote inside it as "".`);
      quoted = true;
      i += 1;
      continue;
    }
    field += char;
    i += 1;
  }
  if (quoted) throw new CsvError(recordLine, `Line ${recordLine}: a quoted field is never closed (a missing closing quote).`);
  if (field !== "" || fields.length > 0 || closed) endRecord();
  return records;
}
