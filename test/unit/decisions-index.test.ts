/// <reference types="vite/client" />
/**
 * docs/decisions/README.md is the index of the decision notes: every note in the folder is in its
 * table, and every note the table links to exists. A reader of a note must learn from its row what
 * changed it since: when a note amends another ("amends 0009"), the other's row says "amended by"
 * it, and the other way round.
 */
import { describe, expect, it } from "vitest";
import index from "../../docs/decisions/README.md?raw";

const notes = Object.keys(import.meta.glob("../../docs/decisions/*.md"))
  .map((path) => path.split("/").pop()!)
  .filter((name) => name !== "README.md");

const linked = [...index.matchAll(/^\| \[[0-9a-z]+\]\(([^)]+\.md)\) \|/gm)].map((match) => match[1]!);

describe("the decision notes' index", () => {
  it("links every note in docs/decisions exactly once, and only notes that exist", () => {
    expect(notes.length).toBeGreaterThan(0);
    expect(new Set(linked).size).toBe(linked.length);
    expect([...linked].sort()).toEqual([...notes].sort());
  });

  it("gives every note a status", () => {
    const rows = index.split("\n").filter((line) => line.startsWith("| ["));
    for (const row of rows) expect(row.split("|").at(-2)?.trim(), row).not.toBe("");
  });

  it("says, on each note amended by a later one, which notes amend it, and on the later one which it amends", () => {
    const rows = index.split("\n").filter((line) => line.startsWith("| ["));
    const numbersIn = (text: string | undefined) => [...(text ?? "").matchAll(/\d{4}[a-z]?/g)].map((m) => m[0]);
    const status = new Map(rows.map((row) => [/^\| \[([0-9a-z]+)\]/.exec(row)![1]!, row.split("|").at(-2)!]));
    const amends = (note: string) => numbersIn(/\bamends ((?:\d{4}[a-z]?(?:,? and |, )?)+)/.exec(status.get(note)!)?.[1]);
    const amendedBy = (note: string) => numbersIn(/\bamended by ((?:\d{4}[a-z]?(?:,? and |, )?)+)/.exec(status.get(note)!)?.[1]);
    const pairs = [...status.keys()].flatMap((later) => amends(later).map((earlier) => `${later} amends ${earlier}`));
    expect(pairs.length).toBeGreaterThan(10);
    for (const later of status.keys()) for (const earlier of amends(later)) expect(amendedBy(earlier), `${earlier}'s row should say "amended by ${later}"`).toContain(later);
    for (const earlier of status.keys()) for (const later of amendedBy(earlier)) expect(amends(later), `${later}'s row should say "amends ${earlier}"`).toContain(earlier);
  });
});
