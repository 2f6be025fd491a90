/** The search query sanitiser: whatever is typed becomes quoted words or a clear refusal, never FTS5 syntax. */
import { describe, expect, it } from "vitest";
import { MAX_QUERY_LENGTH, MAX_QUERY_WORDS } from "../../../src/domain/search";
import { matchExpression, parseQuery } from "../../../src/services/search/query";
import { candidateRange, correctedWords, editDistance } from "../../../src/services/search/did-you-mean";

describe("parseQuery", () => {
  it("reads words, lower-cased, without repeats, in the order typed", () => {
    expect(parseQuery("  Physiotherapy for RUNNERS runners ")).toEqual({ kind: "words", text: "Physiotherapy for RUNNERS runners", words: ["physiotherapy", "for", "runners"] });
  });

  it.each([
    ['"', "empty"],
    ["*", "empty"],
    ["  ", "empty"],
    ["", "empty"],
    ["-- ;", "empty"],
  ])("finds nothing to search for in %j", (typed, kind) => {
    expect(parseQuery(typed).kind).toBe(kind);
  });

  it.each([
    ['NEAR("knee" ankle', ["near", "knee", "ankle"]],
    ["knee OR ankle", ["knee", "or", "ankle"]],
    ["title:knee NOT -ankle", ["title", "knee", "not", "ankle"]],
    ["'; DROP TABLE search_documents; --", ["drop", "table", "search", "documents"]],
    ["knee* ^ankle {title}", ["knee", "ankle", "title"]],
    ["café Ørsted 2026", ["café", "ørsted", "2026"]],
  ])("turns FTS5 and SQL syntax in %j into plain words", (typed, words) => {
    const parsed = parseQuery(typed);
    expect(parsed).toMatchObject({ kind: "words", words });
  });

  it("refuses a query over the length limit, saying how long it is and what the limit is", () => {
    const parsed = parseQuery("a".repeat(MAX_QUERY_LENGTH + 1));
    expect(parsed).toEqual({ kind: "too-long", text: "a".repeat(MAX_QUERY_LENGTH + 1), message: `Your search is ${MAX_QUERY_LENGTH + 1} characters long: please use at most ${MAX_QUERY_LENGTH}.` });
    expect(parseQuery("a".repeat(MAX_QUERY_LENGTH)).kind).toBe("words");
  });

  it("refuses a query with too many words", () => {
    const words = Array.from({ length: MAX_QUERY_WORDS + 1 }, (_, i) => `word${i}`).join(" ");
    expect(parseQuery(words)).toMatchObject({ kind: "too-long", message: `Your search has ${MAX_QUERY_WORDS + 1} words: please use at most ${MAX_QUERY_WORDS}.` });
  });
});

describe("matchExpression", () => {
  it("quotes every word and matches words of three letters or more as prefixes", () => {
    expect(matchExpression(["physio", "or", "near"])).toBe('"physio"* "or" "near"*');
  });

  it("folds English plurals so that the singular is found too", () => {
    expect(matchExpression(["injuries", "classes", "exercises", "knees", "glass", "bus"])).toBe('"injur"* "class"* "exercise"* "knee"* "glass"* "bus"*');
  });

  it("never holds a quote, operator or bracket outside a quoted word, whatever was typed", () => {
    for (const typed of ['a" OR "b', 'NEAR(x y, 2)', "x:y", "(x)", '"""', "x AND y NOT z", "^x + y*"]) {
      const parsed = parseQuery(typed);
      if (parsed.kind !== "words") continue;
      const outside = matchExpression(parsed.words).replace(/"[^"]*"\*?/g, "");
      expect(outside.trim(), typed).toBe("");
    }
  });
});

describe("did you mean", () => {
  it("counts a swap of two neighbouring letters as one edit", () => {
    expect(editDistance("physoitherapy", "physiotherapy", 2)).toBe(1);
    expect(editDistance("knee", "knees", 2)).toBe(1);
    expect(editDistance("knee", "ankle", 1)).toBe(2);
  });

  it("looks for candidates beginning with the same letter, as long give or take the edits allowed", () => {
    expect(candidateRange("physoitherapy")).toEqual({ from: "p", to: "q", minLength: 11, maxLength: 15 });
    expect(candidateRange("kne")).toEqual({ from: "k", to: "l", minLength: 2, maxLength: 4 });
    expect(candidateRange("ab")).toBeNull();
  });

  const indexed = new Map([
    ["physoitherapy", [{ word: "physiotherapy", documents: 40 }, { word: "physiology", documents: 3 }]],
    ["runners", [{ word: "runners", documents: 5 }, { word: "runner", documents: 9 }]],
    ["kneee", [{ word: "knees", documents: 2 }, { word: "kneel", documents: 7 }]],
    ["zzzzzz", [{ word: "zebra", documents: 1 }]],
  ]);

  it("replaces an unknown word with the closest indexed one, and keeps known words", () => {
    expect(correctedWords(["physoitherapy", "runners"], indexed)).toEqual(["physiotherapy", "runners"]);
    expect(correctedWords(["runners"], indexed)).toBeNull();
  });

  it("prefers, between equally close words, the one in more documents", () => {
    expect(correctedWords(["kneee"], indexed)).toEqual(["kneel"]);
  });

  it("does not guess when no word is close enough", () => {
    expect(correctedWords(["zzzzzz"], indexed)).toBeNull();
    expect(correctedWords(["ab"], indexed)).toBeNull();
  });
});
