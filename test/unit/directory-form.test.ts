/** The member directory's inputs: the listing form on /user/directory and the directory's search. */
import { describe, expect, it } from "vitest";
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
  it("defaults to the first page with no filters", () => {
    expect(parseDirectorySearch({})).toEqual({ ok: true, search: { name: null, town: null, specialisation: null, page: 1 } });
  });

  it("reads trimmed filters and the page", () => {
    expect(parseDirectorySearch({ name: " ada ", town: "", specialisation: "onc", page: "3" })).toEqual({
      ok: true,
      search: { name: "ada", town: null, specialisation: "onc", page: 3 },
    });
  });

  it.each([
    [{ page: "0" }, "The page must be a whole number from 1"],
    [{ page: "-2" }, "The page must be a whole number from 1"],
    [{ page: "1.5" }, "The page must be a whole number from 1"],
    [{ page: "abc" }, "The page must be a whole number from 1"],
    [{ page: "1001" }, "The page must be 1000 or less"],
    [{ name: "n".repeat(101) }, "Search by name with 100 characters or fewer"],
  ])("refuses %j", (query, message) => {
    expect(parseDirectorySearch(query)).toEqual({ ok: false, message });
  });

  it("links to a search with empty filters and the first page left out", () => {
    expect(directorySearchHref({ name: null, town: null, specialisation: null, page: 1 })).toBe("/members/directory");
    expect(directorySearchHref({ name: "a b", town: null, specialisation: "x&y", page: 2 })).toBe("/members/directory?name=a+b&specialisation=x%26y&page=2");
  });
});
