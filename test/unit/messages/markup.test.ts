import { describe, expect, it } from "vitest";
import { blocksToHtml, blocksToText, readMarkup } from "../../../src/services/messages/markup";
import { isScriptUrl, LINK_PAYLOADS, RICH_TEXT_PAYLOADS, TEXT_PAYLOADS } from "../../fixtures/hostile-content";

const SITE = "https://www.example.org";
const ALLOWED_TAGS = new Set(["h2", "h3", "p", "ul", "li", "a", "strong", "img"]);

/** What the HTML may contain: the parser's own elements, no handlers, no script URLs. */
function expectSafe(html: string) {
  for (const [, tag] of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)) expect(ALLOWED_TAGS.has(tag!.toLowerCase()), `<${tag}> in ${html}`).toBe(true);
  // Typed text is escaped, so every "<" left is one of the parser's own tags: none has a handler.
  for (const [tag] of html.matchAll(/<[a-z][^>]*>/gi)) expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
  for (const [, url] of html.matchAll(/(?:href|src)="([^"]*)"/g)) {
    expect(isScriptUrl(url!.replace(/&amp;/g, "&")), url).toBe(false);
    expect(new URL(url!.replace(/&amp;/g, "&")).protocol).toMatch(/^(https?|mailto):$/);
  }
}

describe("the message markup", () => {
  it("reads headings, paragraphs, lists, links, bold, media-library images and buttons into HTML and matching plain text", () => {
    const { blocks, problems } = readMarkup(
      "# Study day\n\nJoin us in **March** at the [venue](https://example.org/venue).\n\n- Talks\n- Lunch\n\n![The hall](/uploads/hall_1a2b.jpg)\n\n[[Book a place]](/events/study-day)",
      SITE,
    );
    expect(problems).toEqual([]);
    const html = blocksToHtml(blocks);
    expectSafe(html);
    expect(html).toContain('<img src="https://www.example.org/uploads/hall_1a2b.jpg" alt="The hall"');
    expect(html).toContain('href="https://www.example.org/events/study-day"');
    expect(blocksToText(blocks)).toBe(
      "Study day\n=========\n\nJoin us in March at the venue (https://example.org/venue).\n\n- Talks\n- Lunch\n\n[Image: The hall]\n\nBook a place: https://www.example.org/events/study-day",
    );
  });

  it("names the line of every unsafe link and every image not from the media library, and never links them", () => {
    const { blocks, problems } = readMarkup("[a](javascript:alert(1))\n\n![x](https://evil.example/x.png)\n\n![](/uploads/a.png)\n\n[[Go]](//evil.example/x)", SITE);
    expect(problems.map((p) => p.line)).toEqual([1, 3, 5, 7]);
    expect(problems[0]!.message).toContain("not \"javascript:\"");
    expectSafe(blocksToHtml(blocks));
  });

  it.each([...LINK_PAYLOADS])("refuses or safely links the hostile link $what", ({ value }) => {
    const { blocks } = readMarkup(`[click](${value})\n\n[[Click]](${value})`, SITE);
    expectSafe(blocksToHtml(blocks));
  });

  it.each([...RICH_TEXT_PAYLOADS, ...TEXT_PAYLOADS])("escapes the hostile text $what", ({ value }) => {
    const { blocks } = readMarkup(value, SITE);
    expectSafe(blocksToHtml(blocks));
  });
});
