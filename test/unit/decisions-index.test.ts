/// <reference types="vite/client" />
/**
 * docs/decisions/README.md is the index of the decision notes: every note in the folder is in its
 * table, and every note the table links to exists.
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
});
