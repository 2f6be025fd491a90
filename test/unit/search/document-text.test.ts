/** What the search index stores of a document: plain text from rich text and blocks, never HTML. */
import { describe, expect, it } from "vitest";
import type { Block, GeneralPage, SafeHtml } from "../../../src/domain/content";
import { blocksText, htmlToText, MAX_BODY_CHARACTERS, pageAccess, pageDocument } from "../../../src/services/search/document-text";
import { excerptParts } from "../../../src/services/search/search-service";

const html = (value: string) => ({ html: value }) as SafeHtml;

describe("htmlToText", () => {
  it("keeps the words, with a space wherever a tag separated them", () => {
    expect(htmlToText("<h2>Knees</h2><p>Run <strong>slowly</strong>,<br>then <em>faster</em>.</p><ul><li>one</li><li>two</li></ul>")).toBe("Knees Run slowly , then faster . one two");
  });

  it("decodes entities, and what they decode to stays text", () => {
    expect(htmlToText("<p>Fish &amp; chips &lt;b&gt;bold&lt;/b&gt; &#8212; caf&eacute;&nbsp;&#x41;</p>")).toBe("Fish & chips <b>bold</b> — caf&eacute; A");
  });

  it("drops script, style and comments, and control characters", () => {
    expect(htmlToText('<p>a</p><script>alert("x")</script><style>p{}</style><!-- note --><p>b\u0002c\u0003</p>')).toBe("a b c");
  });
});

describe("blocksText", () => {
  const blocks: Block[] = [
    { kind: "hero-banner", id: "1", preTitle: "Welcome", title: "The Guild", subtitle: null, callToAction: { label: "Join us", page: null, url: "/join" }, image: null },
    { kind: "text", id: "2", content: html("<p>Rich <a href='/x'>text</a></p>") },
    { kind: "embed", id: "3", title: "A map", snippet: "<iframe src='https://maps.example'></iframe>" },
    { kind: "card-list", id: "4", title: "Cards", cardBlocks: [{ title: "First card", bottomLinkText: null, content: "Card words", generalPage: null, image: null }] },
    { kind: "image", id: "5", image: { url: "/uploads/a.png" } as never, caption: "A caption" },
  ];

  it("is every block's readable text in order: titles, rich text, captions, never an embed's markup", () => {
    expect(blocksText(blocks)).toBe("Welcome The Guild Join us Rich text A map Cards First card Card words A caption");
  });

  it("is cut at the most the index keeps", () => {
    const long: Block[] = [{ kind: "text", id: "1", content: html(`<p>${"word ".repeat(MAX_BODY_CHARACTERS)}</p>`) }];
    expect(blocksText(long).length).toBe(MAX_BODY_CHARACTERS);
  });
});

describe("a general page's document", () => {
  const page: GeneralPage = {
    id: "1",
    title: "Members' <news>",
    slug: "news",
    type: "Members",
    authenticatedOnly: false,
    membersOnly: true,
    createdAt: null,
    publishedAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-02T00:00:00.000Z",
    seo: { metaTitle: null, metaDescription: "News for members", shareImage: null },
    blocks: [{ kind: "text", id: "1", content: html("<p>Secret words</p>") }],
  };

  it("holds its plain text, address, date and who may see it", () => {
    expect(pageDocument("doc1", page)).toEqual({
      key: "general-page:doc1",
      kind: "page",
      access: "members",
      title: "Members' <news>",
      description: "News for members",
      body: "Secret words",
      href: "/members/news",
      date: "2026-11-02T00:00:00.000Z",
    });
  });

  it("follows the page tiers: members-only, signed-in only (and every User page), or public", () => {
    expect(pageAccess({ type: "Root", authenticatedOnly: false, membersOnly: false })).toBe("public");
    expect(pageAccess({ type: "Root", authenticatedOnly: true, membersOnly: false })).toBe("signed-in");
    expect(pageAccess({ type: "User", authenticatedOnly: false, membersOnly: false })).toBe("signed-in");
    expect(pageAccess({ type: "Root", authenticatedOnly: true, membersOnly: true })).toBe("members");
  });
});

describe("excerptParts", () => {
  it("splits a snippet at its markers into plain and marked parts", () => {
    expect(excerptParts("…runs on \u0002knees\u0003 and \u0002ankles\u0003.")).toEqual([
      { text: "…runs on ", marked: false },
      { text: "knees", marked: true },
      { text: " and ", marked: false },
      { text: "ankles", marked: true },
      { text: ".", marked: false },
    ]);
    expect(excerptParts("no match here")).toEqual([{ text: "no match here", marked: false }]);
  });
});
