/**
 * The README's configuration table is the operator's list of every variable, secret and binding
 * the Worker reads. It must name exactly what the configuration schema (src/env.ts) reads.
 */
import { describe, expect, it } from "vitest";
import readme from "../../README.md?raw";
import { EnvSchema } from "../../src/env";

function configurationTableNames(markdown: string): string[] {
  const section = markdown.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]!);
}

describe("the README's configuration table", () => {
  it("lists every variable and binding the schema reads, and nothing else", () => {
    const documented = configurationTableNames(readme);
    expect(documented.length).toBeGreaterThan(0);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual(Object.keys(EnvSchema.shape).sort());
  });
});
