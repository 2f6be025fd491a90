/**
 * What the index stores of a page, article or webinar: plain text only. Rich text arrives as
 * the CMS adapter's sanitised HTML; its tags go, its entities are decoded, and its words stay
 * with a space wherever a tag separated them. Control characters are removed everywhere (the
 * excerpt's highlight markers are control characters, so stored text can never fake one).
 * Pure.
 */
import { alwaysSignedIn, type Article, type Block, type GeneralPage, type SafeHtml, type Webinar } from "../../domain/content";
import { type SearchAccess, type SearchDocument, searchDocumentKey } from "../../domain/search";
import { hrefs, pageHref } from "../../shared/links";

/** The most text of one document the index keeps (a D1 row and a bound value stay small). */
export const MAX_BODY_CHARACTERS = 50_000;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—", hellip: "…", lsquo: "‘", rsquo: "’", ldquo: "“", rdquo: "”" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** Text with control characters made spaces and runs of white space made one. */
export function plainText(text: string | null | undefined): string {
  return (text ?? "").replace(/[\u0000-\u001f\u007f-\u009f]/g, " ").replace(/\s+/g, " ").trim();
}

/** The words of an HTML fragment: no tags, no script or style content, entities decoded. */
export function htmlToText(html: string): string {
  const withoutCode = html.replace(/<(script|style|template)\b[^]*?<\/\1\s*>/gi, " ").replace(/<!--[^]*?-->/g, " ");
  // Every tag becomes a space: "<p>one</p><p>two</p>" is two words, never "onetwo".
  return plainText(decodeEntities(withoutCode.replace(/<[^>]*>/g, " ")));
}

const rich = (content: SafeHtml | null | undefined) => (content ? htmlToText(content.html) : "");
/** Texts as one, a space between those that are not empty. */
const joined = (...texts: (string | null | undefined)[]) => texts.map(plainText).filter(Boolean).join(" ");

/** The readable text of one block: headings, rich text, captions, card and button titles. */
export function blockText(block: Block): string {
  switch (block.kind) {
    case "text":
      return rich(block.content);
    case "text-with-image":
      return rich(block.content);
    case "image":
      return plainText(block.caption);
    case "button":
      return plainText(block.title);
    case "card-list":
      return joined(block.title, ...block.cardBlocks.flatMap((card) => [card.title, card.content]));
    case "webinars-list":
      return plainText(block.title);
    case "flipbook":
      return plainText(block.subjectTitle);
    // An embed's snippet is a third party's markup: only the editor's title is the page's words.
    case "embed":
      return plainText(block.title);
    case "membership-settings":
      return block.membership ? joined(block.membership.title, rich(block.membership.description)) : "";
    case "hero-banner":
      return joined(block.preTitle, block.title, block.subtitle, block.callToAction?.label);
    case "large-cards":
      return joined(block.title, ...block.cards.flatMap((card) => [card.title, card.subtitle]));
  }
}

/** Every block's text, in order, cut at MAX_BODY_CHARACTERS. */
export function blocksText(blocks: readonly Block[]): string {
  return limited(blocks.map(blockText).filter(Boolean).join(" "));
}

const limited = (text: string) => (text.length > MAX_BODY_CHARACTERS ? text.slice(0, MAX_BODY_CHARACTERS) : text);

/** Who may see a general page: the tiers the page route enforces (routes/pages.tsx). */
export function pageAccess(page: Pick<GeneralPage, "type" | "authenticatedOnly" | "membersOnly">): SearchAccess {
  if (page.membersOnly) return "members";
  return page.authenticatedOnly || alwaysSignedIn(page.type) ? "signed-in" : "public";
}

export function pageDocument(documentId: string, page: GeneralPage): SearchDocument {
  return {
    key: searchDocumentKey("general-page", documentId),
    kind: "page",
    access: pageAccess(page),
    title: plainText(page.title),
    description: plainText(page.seo?.metaDescription),
    body: blocksText(page.blocks),
    href: pageHref(page),
    date: page.updatedAt ?? page.publishedAt,
  };
}

export function articleDocument(documentId: string, article: Article): SearchDocument {
  return {
    key: searchDocumentKey("article", documentId),
    kind: "article",
    access: "public",
    title: plainText(article.title),
    description: plainText(article.summary),
    body: blocksText(article.blocks),
    href: hrefs.article(article.slug),
    date: article.publishedAt ?? article.updatedAt,
  };
}

export function webinarDocument(documentId: string, webinar: Webinar): SearchDocument {
  return {
    key: searchDocumentKey("webinar", documentId),
    kind: "webinar",
    access: "public",
    title: plainText(webinar.name),
    description: "",
    body: limited(rich(webinar.description)),
    href: hrefs.webinar(webinar.slug),
    date: webinar.date,
  };
}
