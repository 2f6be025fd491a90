import { describe, expect, it } from "vitest";
import { dropHeadingIf, withoutRepeatedTitle } from "../../../src/views/components/leading-heading";
import * as f from "../../fixtures/domain";

describe("the first heading that repeats the page title", () => {
  it("is dropped, whatever its level, case or spacing", () => {
    expect(dropHeadingIf(f.md("## Privacy  Policy\n\nBody."), "Privacy policy").html).toBe("<p>Body.</p>");
    expect(dropHeadingIf(f.md("# Terms & conditions\n\nBody."), "Terms & conditions").html).toBe("<p>Body.</p>");
  });

  it("is kept when it says something else or is not first", () => {
    const other = f.md("## A society for physiotherapists\n\nBody.");
    expect(dropHeadingIf(other, "About the Guild")).toBe(other);
    const later = f.md("Intro.\n\n## About the Guild");
    expect(dropHeadingIf(later, "About the Guild")).toBe(later);
  });

  it("is looked for only in a first text or text-with-image block", () => {
    const blocks = f.everyBlock();
    expect(withoutRepeatedTitle(blocks, "Welcome")[0]).toMatchObject({ kind: "text", content: { html: "<p>Hello <strong>members</strong>.</p>" } });
    expect(withoutRepeatedTitle(blocks.slice(1), "Side by side")).toEqual(blocks.slice(1));
  });
});
