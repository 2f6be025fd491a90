/**
 * A small CSV reader for the member import (RFC 4180): fields separated by commas, records by
 * CRLF or LF, fields in double quotes may hold commas, line breaks and doubled quotes (""). A
 * leading byte order mark is dropped. The file must be UTF-8: anything else (a spreadsheet saved
 * as Windows-1252, say) is refused rather than read with its accents garbled.
 *
 * Incremental: `CsvReader` takes the text a piece at a time (however a stream cuts it, even
 * between a CR and its LF or inside a quoted field) and hands back the records each piece
 * completes, so a large upload is read without holding the whole file as text.
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

export const NOT_UTF8 = 'The file is not UTF-8 text. In your spreadsheet, save it as "CSV UTF-8" and upload it again.';

/** Decodes the file as UTF-8 (without its byte order mark), or throws CsvError. */
export function decodeUtf8(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CsvError(null, NOT_UTF8);
  }
}

/** Reads CSV text piece by piece; blank lines are skipped. Throws CsvError on malformed quoting. */
export class CsvReader {
  private fields: string[] = [];
  private field = "";
  private line = 1;
  private recordLine = 1;
  private quoted = false;
  /** The current field was quoted and its closing quote has been read. */
  private closed = false;
  /** Inside quotes, a quote was the last character read: a closing quote, or the first of "". */
  private quoteSeen = false;
  /** A CR ended the last record; an LF straight after it belongs to the same line break. */
  private crSeen = false;
  private started = false;
  private records: CsvRecord[] = [];

  /** The records completed by this piece of text. */
  push(text: string): CsvRecord[] {
    let source = text;
    if (!this.started && source.length > 0) {
      this.started = true;
      if (source.startsWith("\uFEFF")) source = source.slice(1);
    }
    for (let i = 0; i < source.length; i++) this.read(source[i]!);
    return this.take();
  }

  /** The last record, once the text has all been pushed. */
  end(): CsvRecord[] {
    if (this.quoteSeen) {
      this.quoteSeen = false;
      this.quoted = false;
      this.closed = true;
    }
    if (this.quoted) throw new CsvError(this.recordLine, `Line ${this.recordLine}: a quoted field is never closed (a missing closing quote).`);
    if (this.field !== "" || this.fields.length > 0 || this.closed) this.endRecord();
    return this.take();
  }

  private take(): CsvRecord[] {
    const done = this.records;
    this.records = [];
    return done;
  }

  private endField() {
    this.fields.push(this.field);
    this.field = "";
    this.closed = false;
  }

  private endRecord() {
    this.endField();
    if (!(this.fields.length === 1 && this.fields[0] === "")) this.records.push({ line: this.recordLine, fields: this.fields });
    this.fields = [];
  }

  private read(char: string) {
    if (this.crSeen) {
      this.crSeen = false;
      if (char === "\n") return;
    }
    if (this.quoteSeen) {
      this.quoteSeen = false;
      if (char === '"') {
        this.field += '"';
        return;
      }
      this.quoted = false;
      this.closed = true;
    }
    if (this.quoted) {
      if (char === '"') {
        this.quoteSeen = true;
        return;
      }
      if (char === "\n") this.line += 1;
      this.field += char;
      return;
    }
    if (char === ",") {
      this.endField();
      return;
    }
    if (char === "\r" || char === "\n") {
      this.endRecord();
      this.crSeen = char === "\r";
      this.line += 1;
      this.recordLine = this.line;
      return;
    }
    if (this.closed) throw new CsvError(this.line, `Line ${this.line}: there is text after a closing quote. Put the whole field in quotes and write a quote inside it as "".`);
    if (char === '"') {
      if (this.field !== "") throw new CsvError(this.line, `Line ${this.line}: a quote in the middle of a field. Put the whole field in quotes and write a quote inside it as "".`);
      this.quoted = true;
      return;
    }
    this.field += char;
  }
}

/** Parses CSV text into records, skipping blank lines; throws CsvError on malformed quoting. */
export function parseCsv(text: string): CsvRecord[] {
  const reader = new CsvReader();
  return [...reader.push(text), ...reader.end()];
}
