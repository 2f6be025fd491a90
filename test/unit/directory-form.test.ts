/** The member directory's inputs: the listing form on /user/directory and the directory's search. */
import { describe, expect, it } from "vitest";
import { ftsPrefixQuery } from "../../src/adapters/d1/directory";
import { directorySearchHref, parseDirectoryListingForm, parseDirectorySearch, submittedDirectoryEntry } from "../../src/shared/directory-form";

const listing = { displayName: "  Ada Lovelace ", town: "Exeter", workplace: "", specialisation: "Oncology", email: "ada@example.com", phone: "" };

describe("the listing form", () => {
  it("reads values and the show boxes, trimming text and turning blanks into nothing", () => {
    const result = parseDirectoryListingForm({ ...listing, showTown: "on", showSpecialisation: "on" });
    expect(result).toEqual({
      ok: true,
      entry: {
        displayName: "Ada Lovelace",
        town: "Exeter",
        workplace: null,
        specialisation: "Oncology",
        email: "ada@example.com",
        phone: null,
        show: { town: true, workplace: false, specialisation: true, email: false, phone: false },
      },
    });
  });

  it("shows nothing but the name when no box is ticked", () => {
    const result = parseDirectoryListingForm(listing);
    expect(result.ok && result.entry.show).toEqual({ town: false, workplace: false, specialisation: false, email: false, phone: false });
  });

  it.each([
    [{ displayName: "   " }, "displayName", "Enter the name to list"],
    [{ displayName: "x".repeat(121) }, "displayName", "Your name must be 120 characters or fewer"],
    [{ email: "not-an-address" }, "email", "Enter an e-mail address, like name@example.com"],
    [{ phone: "call me" }, "phone", "Enter a phone number, like 01632 960 001 or +44 1632 960 001"],
    [{ town: "t".repeat(101) }, "town", "Your town or city must be 100 characters or fewer"],
    [{ showTown: "yes" }, "showTown", "Tick the box or leave it empty"],
    [{ workplace: "", showWorkplace: "on" }, "workplace", 'Enter your workplace, or untick "show" for it'],
  ])("refuses %j with a message for the field", (change, field, message) => {
    const result = parseDirectoryListingForm({ ...listing, ...change });
    expect(result).toEqual({ ok: false, problems: [{ field, message }] });
  });

  it("gives back what was typed, to show again with the errors", () => {
    expect(submittedDirectoryEntry({ ...listing, showPhone: "on", email: 42 })).toMatchObject({ displayName: "  Ada Lovelace ", email: "", show: { phone: true, town: false } });
  });
});

describe("the directory search", () => {
  const first = { after: null, before: null };

  it("browses everyone by name from the first page with an empty box", () => {
    expect(parseDirectorySearch({})).toEqual({ ok: true, search: { text: "", words: [], ...first } });
    expect(parseDirectorySearch({ q: "   " })).toEqual({ ok: true, search: { text: "", words: [], ...first } });
  });

  it("splits the box into words as the search index does, so nothing typed is search syntax", () => {
    expect(parseDirectorySearch({ q: "  Zoë O'Brien-Smith  " })).toEqual({ ok: true, search: { text: "Zoë O'Brien-Smith", words: ["Zoë", "O", "Brien", "Smith"], ...first } });
    expect(parseDirectorySearch({ q: 'ada* NOT "town:exe' })).toMatchObject({ ok: true, search: { words: ["ada", "NOT", "town", "exe"] } });
  });

  it("turns each word into a quoted prefix for the search index", () => {
    expect(ftsPrefixQuery(["ada", "NOT", "x\"y"])).toBe('"ada"* "NOT"* "x""y"*');
  });

  it.each([
    ["a".repeat(100), "Search with 60 characters or fewer"],
    ["a".repeat(61), "Search with 60 characters or fewer"],
    ['"*()-:', "Enter a name, town or specialism to search for"],
    ["a b c d e f g h i", "Search with 8 words or fewer"],
  ])("answers the search %j beside the box, keeping it", (q, message) => {
    expect(parseDirectorySearch({ q })).toEqual({ ok: false, field: "q", message, text: q });
  });

  it("reads a page key: the id for a search, the id and name when browsing", () => {
    expect(parseDirectorySearch({ q: "ada", after: "42" })).toMatchObject({ ok: true, search: { after: { id: 42, name: null }, before: null } });
    expect(parseDirectorySearch({ before: "42:Ada: Lovelace" })).toMatchObject({ ok: true, search: { after: null, before: { id: 42, name: "Ada: Lovelace" } } });
  });

  it.each([{ after: "nonsense" }, { after: "0" }, { after: "42" }, { after: "1:a", before: "2:b" }, { after: "1".repeat(16) }])("refuses the page link %j", (query) => {
    expect(parseDirectorySearch(query)).toMatchObject({ ok: false, field: null, message: expect.stringContaining("This page link is not complete") });
  });

  it("links to a search's first page, and on from a key", () => {
    expect(directorySearchHref("")).toBe("/members/directory");
    expect(directorySearchHref("a&b c", { after: { id: 7, name: null } })).toBe("/members/directory?q=a%26b+c&after=7");
    expect(directorySearchHref("", { before: { id: 7, name: "Ada Lovelace" } })).toBe("/members/directory?before=7%3AAda+Lovelace");
  });
});
