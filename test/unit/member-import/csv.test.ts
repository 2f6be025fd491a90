/** The member import's CSV reader: RFC 4180 quoting, CRLF and LF, the byte order mark, UTF-8 only. */
import { describe, expect, it } from "vitest";
import { CsvError, CsvReader, decodeUtf8, parseCsv } from "../../../src/services/member-import/csv";

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe("parseCsv", () => {
  it("reads plain fields, with CRLF or LF line ends, and a last line without one", () => {
    expect(fields("a,b,c\r\n1,2,3\r\n")).toEqual([["a", "b", "c"], ["1", "2", "3"]]);
    expect(fields("a,b\n1,2")).toEqual([["a", "b"], ["1", "2"]]);
    expect(fields("a,b\r1,2")).toEqual([["a", "b"], ["1", "2"]]);
  });

  it("keeps empty fields, including a trailing one", () => {
    expect(fields("a,,c,\n")).toEqual([["a", "", "c", ""]]);
    expect(fields(",\n")).toEqual([["", ""]]);
  });

  it("reads quoted fields holding commas, doubled quotes and line breaks", () => {
    expect(fields('"Smith, Jane","She said ""hi""","1 Road\r\nTown"\r\nx,y,z')).toEqual([
      ["Smith, Jane", 'She said "hi"', "1 Road\r\nTown"],
      ["x", "y", "z"],
    ]);
    expect(fields('"",b')).toEqual([["", "b"]]);
  });

  it("numbers each record by the line it starts on, across quoted line breaks and blank lines", () => {
    const records = parseCsv('h1,h2\n"two\nlines",x\n\nlast,y\n');
    expect(records.map((r) => r.line)).toEqual([1, 2, 5]);
  });

  it("skips blank lines", () => {
    expect(fields("a\n\n\r\nb\n")).toEqual([["a"], ["b"]]);
  });

  it("drops a leading byte order mark", () => {
    expect(fields("\uFEFFemail,name\n")).toEqual([["email", "name"]]);
  });

  it("keeps spaces as they are (trimming is the row check's business)", () => {
    expect(fields(" a , b ")).toEqual([[" a ", " b "]]);
  });

  it.each([
    ['a,"never closed\n', 1, "never closed"],
    ['a,b\nx,"open\nstill open', 2, "never closed"],
    ['a,b"c\n', 1, "quote in the middle"],
    ['"a"b,c\n', 1, "after a closing quote"],
    ['ok\n"a" ,c\n', 2, "after a closing quote"],
  ])("refuses malformed quoting %j, naming line %i", (text, line, message) => {
    let error: unknown;
    try {
      parseCsv(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CsvError);
    expect((error as CsvError).line).toBe(line);
    expect((error as CsvError).message).toContain(message);
  });
});

describe("CsvReader (a stream's pieces)", () => {
  it("reads the same records however the text is cut: between a CR and its LF, inside quotes, between doubled quotes", () => {
    const text = '\uFEFFh1,h2\r\n"Smith, Jane","She said ""hi"""\r\n"two\r\nlines",x\r\n\r\nlast,"y"';
    const whole = parseCsv(text);
    for (let cut = 0; cut <= text.length; cut++) {
      for (const size of [1, 2, 3, 7]) {
        const reader = new CsvReader();
        const records = [...reader.push(text.slice(0, cut))];
        for (let at = cut; at < text.length; at += size) records.push(...reader.push(text.slice(at, at + size)));
        records.push(...reader.end());
        expect(records, `cut at ${cut}, then pieces of ${size}`).toEqual(whole);
      }
    }
  });
});

describe("decodeUtf8", () => {
  it("decodes UTF-8, dropping the byte order mark", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Zoë,Łódź")]);
    expect(decodeUtf8(bytes)).toBe("Zoë,Łódź");
  });

  it("refuses a file that is not UTF-8 (Windows-1252 'Zoë'), saying how to save it", () => {
    const latin1 = new Uint8Array([0x5a, 0x6f, 0xeb, 0x0a]);
    expect(() => decodeUtf8(latin1)).toThrow(/not UTF-8.*CSV UTF-8/);
  });

  it("refuses UTF-16 too", () => {
    const utf16 = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0xd8, 0x00]);
    expect(() => decodeUtf8(utf16)).toThrow(CsvError);
  });
});
