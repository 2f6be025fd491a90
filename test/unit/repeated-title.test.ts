/**
 * A general page's or the join page's first heading that repeats the page title is dropped when
 * the CMS response is mapped, on the parsed tree and before sanitising, so the HTML the views
 * insert is exactly what the sanitiser produced.
 */
import { describe, expect, it } from "vitest";
import { parseBlocks } from "../../src/adapters/cms/blocks";
import { generalPageOperation, joinPageOperation } from "../../src/adapters/cms/operations";
import { markdownToSafeHtml } from "../../src/adapters/cms/rich-text";
import { GeneralPageContent } from "../../src/views/pages/general-page-content";
import { JoinContent } from "../../src/views/pages/join-content";
import { everyBlock } from "../fixtures/cms-shapes";
import * as f from "../fixtures/domain";
import { proseElements } from "../support/parsed-html";
import { render } from "./views/render";

/** The reproduction: `</h2>` inside an allowed attribute used to end the old trim's match early. */
const TRIM_TRICK =
  '<h2>About probe<span title="></h2><meta http-equiv=refresh content=0;url=https://evil.example/><b id=injected>x</b>">.</span></h2>';

const text = (content: string, id = "1") => ({ __typename: "ComponentBlocksText", id, content });

const mappedPage = (title: string, content: string, blocks: unknown[] = [text(content)]) =>
  generalPageOperation.parse(
    { generalPages_connection: { data: [{ id: "1", attributes: { title, slug: "about-probe", type: "Root", seo: null, blocks } }] } },
    { type: "Root", slug: "about-probe" },
  )!;

const html = (markdown: string, pageTitle?: string) => markdownToSafeHtml(markdown, { pageTitle }).html;

const mappedJoinPage = (metaTitle: string | null, formIntro: string) =>
  joinPageOperation.parse({ joinPage: { data: { attributes: { seo: metaTitle ? { metaTitle } : null, formIntro } } } }, {})!;

/** What a browser builds inside the page's rich text, by tag name. */
function proseTags(html: string) {
  const tags = proseElements(html).map((element) => element.tagName);
  expect(tags.length).toBeGreaterThan(0);
  return tags;
}

describe("the trim of a heading that repeats the title cannot be turned into HTML injection", () => {
  it("on a general page: no meta refresh, no injected element, only the sanitiser's output", async () => {
    const html = await render(GeneralPageContent, { page: mappedPage("About probe", TRIM_TRICK), ctx: f.blockContext() });
    expect(html).not.toMatch(/<meta/i);
    expect(html).not.toMatch(/<b id=["']?(user-content-)?injected/i);
    // The heading does not read the same as the title ("About probe."), so it stays, whole.
    expect(proseTags(html)).toEqual(["h2", "span"]);
  });

  it("on the join page's introduction", async () => {
    const joinPage = mappedJoinPage("About probe", TRIM_TRICK);
    const html = await render(JoinContent, { joinPage, memberships: [] });
    expect(html).not.toMatch(/<meta/i);
    expect(html).not.toMatch(/<b id=["']?(user-content-)?injected/i);
    expect(proseTags(html)).toEqual(["h2", "span"]);
  });
});

describe("the first heading that repeats the page title", () => {
  it("is dropped, whatever its level, case, spacing or entities", () => {
    expect(html("## Privacy  Policy\n\nBody.", "Privacy policy")).toBe("<p>Body.</p>");
    expect(html("# Terms & conditions\n\nBody.", "Terms & conditions")).toBe("<p>Body.</p>");
    expect(html("<h3>Terms &amp;  <em>Conditions</em></h3>\n\nBody.", "Terms & conditions")).toBe("<p>Body.</p>");
  });

  it("is kept when it says something else, is not first, or no title is given", () => {
    expect(html("## A society for physiotherapists\n\nBody.", "About the Guild")).toBe("<h2>A society for physiotherapists</h2>\n<p>Body.</p>");
    expect(html("Intro.\n\n## About the Guild", "About the Guild")).toBe("<p>Intro.</p>\n<h2>About the Guild</h2>");
    expect(html("## About the Guild")).toBe("<h2>About the Guild</h2>");
  });

  it("is read by its text, never by its attributes", () => {
    expect(html('<h2 title="About the Guild">Welcome</h2>', "About the Guild")).toBe('<h2 title="About the Guild">Welcome</h2>');
  });

  it("is looked for only in the first block of a general page, and only in text or text-with-image", () => {
    const heading = "## Welcome\n\nHello.";
    expect(mappedPage("Welcome", heading).blocks[0]).toMatchObject({ kind: "text", content: { html: "<p>Hello.</p>" } });
    expect(mappedPage("Welcome", "", [text("Intro."), text(heading, "2")]).blocks[1]).toMatchObject({ content: { html: "<h2>Welcome</h2>\n<p>Hello.</p>" } });
    const withImage = { ...everyBlock()[1], content: heading };
    expect(mappedPage("Welcome", "", [withImage]).blocks[0]).toMatchObject({ kind: "text-with-image", content: { html: "<p>Hello.</p>" } });
    const afterImage = [everyBlock()[2], text(heading, "2")];
    expect(mappedPage("Welcome", "", afterImage).blocks[1]).toMatchObject({ content: { html: "<h2>Welcome</h2>\n<p>Hello.</p>" } });
  });

  it("is kept in articles and home page blocks, which are parsed without a title", () => {
    expect(parseBlocks([text("## Welcome")], "article:x")[0]).toMatchObject({ content: { html: "<h2>Welcome</h2>" } });
  });

  it("is dropped from the join page's introduction against its heading: the SEO title, else the default", () => {
    expect(mappedJoinPage("Join the Guild", "## Join the Guild\n\nTen minutes.")).toMatchObject({ title: "Join the Guild", formIntro: { html: "<p>Ten minutes.</p>" } });
    expect(mappedJoinPage(null, "## Join us\n\nTen minutes.")).toMatchObject({ title: "Join us", formIntro: { html: "<p>Ten minutes.</p>" } });
    expect(mappedJoinPage(null, "## Join the Guild")).toMatchObject({ formIntro: { html: "<h2>Join the Guild</h2>" } });
  });
});
