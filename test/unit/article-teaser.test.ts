/** Article lists' teasers: the editor's summary and image, else the first paragraph and image in the blocks. */
import { describe, expect, it } from "vitest";
import { shorten, TEASER_MAX_CHARACTERS } from "../../src/adapters/cms/article-teaser";
import { articleOperation, articlesPageOperation } from "../../src/adapters/cms/operations";
import { image } from "../fixtures/cms-shapes";

const article = (attributes: Record<string, unknown>) => ({
  id: "7",
  attributes: { title: "A", slug: "a", summary: null, image: { data: null }, publishedAt: null, updatedAt: null, teaserBlocks: [], ...attributes },
});
const list = (...articles: ReturnType<typeof article>[]) =>
  articlesPageOperation.parse(
    { articles_connection: { data: articles, meta: { pagination: { total: articles.length, page: 1, pageSize: 20, pageCount: 1 } } } },
    { page: 1, pageSize: 20 },
  ).items;

describe("article teasers", () => {
  it("use the top-level summary and image when the editor set them", () => {
    const [a] = list(
      article({
        summary: "The editor's summary.",
        image: image("lead.jpg"),
        teaserBlocks: [{ __typename: "ComponentBlocksTextWithImage", content: "First words.", image: image("inside.jpg") }],
      }),
    );
    expect(a!.teaser.summary).toBe("The editor's summary.");
    expect(a!.teaser.image?.url).toContain("lead.jpg");
  });

  it("fall back, for an article written only in blocks, to the first paragraph of the first text block and the first image", () => {
    const [a] = list(
      article({
        teaserBlocks: [
          { __typename: "ComponentBlocksButton" },
          { __typename: "ComponentBlocksImage", image: image("first.jpg") },
          { __typename: "ComponentBlocksText", content: "## A heading\n\n> A quote first\n\n- a list\n\nThe **first** [paragraph](https://x.example)\nacross lines.\n\nThe second." },
          { __typename: "ComponentBlocksTextWithImage", content: "Later text.", image: image("second.jpg") },
        ],
      }),
    );
    expect(a!.teaser).toMatchObject({ summary: "The first paragraph across lines." });
    expect(a!.teaser.image?.url).toContain("first.jpg");
    // The article's own fields stay empty: the article page does not repeat its first paragraph.
    expect(a!).toMatchObject({ summary: null, image: null });
  });

  it("take each part on its own: a summary without an image gets the blocks' image", () => {
    const [a] = list(article({ summary: "Set.", teaserBlocks: [{ __typename: "ComponentBlocksImage", image: image("only.jpg") }] }));
    expect(a!.teaser.summary).toBe("Set.");
    expect(a!.teaser.image?.url).toContain("only.jpg");
  });

  it("are plain text: markup in the first paragraph never becomes HTML", () => {
    const [a] = list(article({ teaserBlocks: [{ __typename: "ComponentBlocksText", content: "Hello <script>alert(1)</script><b>bold</b> & more" }] }));
    expect(a!.teaser.summary).not.toContain("<");
    expect(a!.teaser.summary).toContain("bold & more");
  });

  it("are empty when neither the fields nor the blocks have anything", () => {
    const [a] = list(article({ teaserBlocks: [{ __typename: "ComponentBlocksText", content: "## Only a heading" }] }));
    expect(a!.teaser).toEqual({ summary: null, image: null });
  });

  it("are shortened at a word", () => {
    const long = "word ".repeat(200).trim();
    const short = shorten(long);
    expect(short.length).toBeLessThanOrEqual(TEASER_MAX_CHARACTERS + 1);
    expect(short).toMatch(/word…$/);
    expect(shorten("Short.")).toBe("Short.");
  });

  it("one article carries its teaser too (the page's description)", () => {
    const one = articleOperation.parse(
      { articles_connection: { data: [{ ...article({ teaserBlocks: [{ __typename: "ComponentBlocksText", content: "Opening." }] }), attributes: { ...article({}).attributes, teaserBlocks: [{ __typename: "ComponentBlocksText", content: "Opening." }], blocks: [] } }] } },
      { slug: "a" },
    );
    expect(one?.teaser.summary).toBe("Opening.");
  });
});
