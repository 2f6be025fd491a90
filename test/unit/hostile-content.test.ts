/**
 * The hostile-content corpus (test/fixtures/hostile-content.ts) through every path CMS content
 * takes into a page, without the stack: rich text through the sanitiser and each mapper that
 * holds rich text, then plain-text and link fields through the block and page views. What comes
 * out is parsed as a browser would parse it (parse5) and must hold no element outside the rich
 * text allow-list, no event handler and no script URL. test/e2e/hostile-content.test.ts checks the
 * same corpus in Chromium.
 */
import type { Element } from "hast";
import { describe, expect, it } from "vitest";
import { parseBlocks } from "../../src/adapters/cms/blocks";
import {
  articleOperation,
  generalPageOperation,
  joinPageOperation,
  membershipsOperation,
  webinarOperation,
} from "../../src/adapters/cms/operations";
import { markdownToSafeHtml } from "../../src/adapters/cms/rich-text";
import { richTextSchema } from "../../src/adapters/cms/rich-text-pipeline";
import { ArticleContent } from "../../src/views/pages/article-content";
import { GeneralPageContent } from "../../src/views/pages/general-page-content";
import { JoinContent } from "../../src/views/pages/join-content";
import { webinar as webinarShape } from "../fixtures/cms-shapes";
import * as f from "../fixtures/domain";
import {
  EMBED_PAYLOADS,
  FORBIDDEN_IN_PROSE,
  isScriptUrl,
  LINK_PAYLOADS,
  RICH_TEXT_PAYLOADS,
  TEXT_PAYLOADS,
  TRIM_TRICK_TITLE,
} from "../fixtures/hostile-content";
import { parsedElements, proseElements } from "../support/parsed-html";
import { render } from "./views/render";

const SITE = f.site().url;
const ALLOWED = new Set(richTextSchema.tagNames);
const URL_PROPERTIES = ["href", "src", "action", "formAction", "data", "xLinkHref", "poster", "srcSet"];

/** What a browser would build from sanitised HTML holds only allowed, inert elements. */
function expectInert(elements: Element[], where: string) {
  for (const element of elements) {
    expect(ALLOWED.has(element.tagName), `${where}: <${element.tagName}>`).toBe(true);
    expect(FORBIDDEN_IN_PROSE, where).not.toContain(element.tagName);
    expectNoHandlersOrScriptUrls(element, where);
  }
}

function expectNoHandlersOrScriptUrls(element: Element, where: string) {
  for (const [name, value] of Object.entries(element.properties)) {
    expect(/^on/i.test(name), `${where}: <${element.tagName} ${name}>`).toBe(false);
    if (URL_PROPERTIES.includes(name)) expect(isScriptUrl(String(value)), `${where}: <${element.tagName} ${name}="${String(value)}">`).toBe(false);
  }
}

/** Sanitised HTML as a string: every `<` that is not a kept tag is escaped, so none can hide a tag. */
function expectSafeHtml(html: string, where: string) {
  expectInert(parsedElements(html), where);
  for (const tag of FORBIDDEN_IN_PROSE) expect(html.toLowerCase(), where).not.toContain(`<${tag}`);
}

const text = (content: string) => ({ __typename: "ComponentBlocksText", id: "1", content });
const textWithImage = (content: string) => ({ __typename: "ComponentBlocksTextWithImage", id: "2", content, image: null });

describe.each(RICH_TEXT_PAYLOADS)("rich text: $what", ({ value }) => {
  it("is inert after the sanitiser, with or without a page title", () => {
    expectSafeHtml(markdownToSafeHtml(value).html, "markdownToSafeHtml");
    expectSafeHtml(markdownToSafeHtml(value, { pageTitle: TRIM_TRICK_TITLE }).html, "markdownToSafeHtml with a title");
  });

  it("is inert in text and text-with-image blocks, first on a page or not", () => {
    for (const pageTitle of [undefined, TRIM_TRICK_TITLE]) {
      for (const block of parseBlocks([text(value), textWithImage(value)], "test", { pageTitle })) {
        if (block.kind !== "text" && block.kind !== "text-with-image") throw new Error(`unexpected ${block.kind}`);
        expectSafeHtml(block.content.html, `${block.kind} block`);
      }
    }
  });

  it("is inert on a rendered general page and article", async () => {
    const page = generalPageOperation.parse(
      { generalPages_connection: { data: [{ id: "1", attributes: { title: TRIM_TRICK_TITLE, slug: "p", type: "Root", seo: null, blocks: [text(value), textWithImage(value)] } }] } },
      { type: "Root", slug: "p" },
    )!;
    const article = articleOperation.parse(
      { articles_connection: { data: [{ id: "1", attributes: { title: "A", slug: "a", summary: null, image: null, blocks: [text(value)] } }] } },
      { slug: "a" },
    )!;
    expectInert(proseElements(await render(GeneralPageContent, { page, ctx: f.blockContext() })), "general page");
    expectInert(proseElements(await render(ArticleContent, { article, ctx: f.blockContext() })), "article");
  });

  it("is inert in the join page's introduction and success message, a webinar's and a membership's description", async () => {
    const joinPage = joinPageOperation.parse({ joinPage: { data: { attributes: { seo: { metaTitle: TRIM_TRICK_TITLE }, formIntro: value, successMessage: value } } } }, {})!;
    expectSafeHtml(joinPage.formIntro!.html, "join intro");
    expectSafeHtml(joinPage.successMessage!.html, "join success message");
    expectInert(proseElements(await render(JoinContent, { joinPage, memberships: [] })), "join page");
    const webinar = webinarOperation.parse({ webinars_connection: { data: [{ id: "1", attributes: { ...webinarShape("w"), description: value } }] } }, { slug: "w" });
    expectSafeHtml(webinar!.description!.html, "webinar description");
    const paged = { pagination: { total: 1, page: 1, pageSize: 100, pageCount: 1 } };
    const {
      items: [membership],
    } = membershipsOperation.parse({ memberships_connection: { data: [{ id: "1", attributes: { title: "M", slug: "m", description: value } }], meta: paged } }, { page: 1, pageSize: 100 });
    expectSafeHtml(membership!.description!.html, "membership description");
  });
});

/** A general page whose title, hero, buttons and cards carry the text and link payloads. */
function fieldsPage(title: string, textValue: string) {
  const blocks = [
    {
      __typename: "ComponentBlocksHeroBanner",
      id: "hero",
      preTitle: textValue,
      title: textValue,
      subtitle: textValue,
      callToAction: { label: textValue, url: LINK_PAYLOADS[0]!.value, page: null },
      image: null,
    },
    ...LINK_PAYLOADS.map(({ value }, index) => ({ __typename: "ComponentBlocksButton", id: `b${index}`, title: textValue, externalLink: value, internalLink: null, alignment: "left" })),
    ...LINK_PAYLOADS.map(({ value }, index) => ({
      __typename: "ComponentBlocksHeroBanner",
      id: `h${index}`,
      title: "Hero",
      callToAction: { label: "Go", url: value, page: null },
    })),
    { __typename: "ComponentBlocksCardList", id: "cards", title: textValue, cardBlocks: [{ title: textValue, content: textValue, bottomLinkText: textValue }] },
    { __typename: "ComponentBlocksLargeCards", id: "large", title: textValue, cards: [{ title: textValue, subtitle: textValue }] },
    ...EMBED_PAYLOADS.map(({ value }, index) => ({ __typename: "ComponentBlocksEmbed", id: `e${index}`, title: textValue, snippet: value })),
  ];
  return generalPageOperation.parse(
    { generalPages_connection: { data: [{ id: "1", attributes: { title, slug: "fields", type: "Root", seo: { metaTitle: textValue, metaDescription: textValue }, blocks } }] } },
    { type: "Root", slug: "fields" },
  )!;
}

describe.each(TEXT_PAYLOADS)("plain text: $what", ({ value }) => {
  it("is shown as text in titles, heroes, buttons and cards, never as markup", async () => {
    const html = await render(GeneralPageContent, { page: fieldsPage(value, value), ctx: f.blockContext() });
    const elements = parsedElements(html);
    for (const element of elements) {
      expect(["script", "meta", "img", "base", "style"], `<${element.tagName}>`).not.toContain(element.tagName);
      expectNoHandlersOrScriptUrls(element, "fields page");
    }
    // Every iframe is an embed block's, sandboxed into an opaque origin.
    for (const frame of elements.filter((element) => element.tagName === "iframe")) {
      expect(frame.properties.sandbox).toEqual(["allow-scripts", "allow-popups", "allow-popups-to-escape-sandbox"]);
    }
  });
});

describe("links", () => {
  it.each(LINK_PAYLOADS)("$what is refused, or linked where a browser would take it and marked when it leaves the site", async ({ value }) => {
    const page = fieldsPage("Links", "Go");
    page.blocks = page.blocks.filter((block) => block.kind === "button" && block.externalLink === value);
    const html = await render(GeneralPageContent, { page, ctx: f.blockContext() });
    for (const anchor of parsedElements(html).filter((element) => element.tagName === "a")) {
      const href = String(anchor.properties.href);
      expect(isScriptUrl(href), href).toBe(false);
      const target = new URL(href, SITE);
      const leaves = target.origin !== SITE;
      expect(anchor.properties.rel ?? [], `${JSON.stringify(href)} leaves the site: ${leaves}`).toEqual(leaves ? ["noopener", "noreferrer"] : []);
    }
  });
});
