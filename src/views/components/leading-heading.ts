/**
 * Editors often open a page's first text block with a heading that repeats the page title
 * ("## Privacy policy" on the Privacy policy page). The page already shows its title as the h1,
 * so that repeated heading is dropped rather than shown twice.
 */
import type { Block, SafeHtml } from "../../services/content/model";

const LEADING_HEADING = /^\s*<h([1-6])>([\s\S]*?)<\/h\1>\s*/;

export function withoutRepeatedTitle(blocks: readonly Block[], title: string): Block[] {
  const [first, ...rest] = blocks;
  if (!first || (first.kind !== "text" && first.kind !== "text-with-image")) return [...blocks];
  const content = dropHeadingIf(first.content, title);
  return content === first.content ? [...blocks] : [{ ...first, content }, ...rest];
}

/** The HTML without its opening heading when that heading reads the same as `title`. */
export function dropHeadingIf(content: SafeHtml, title: string): SafeHtml {
  const match = LEADING_HEADING.exec(content.html);
  if (!match || normalise(textOf(match[2] ?? "")) !== normalise(title)) return content;
  // Removing one whole element from the front of sanitised HTML leaves sanitised HTML.
  return { html: content.html.slice(match[0].length) } as SafeHtml;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code = name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
}

const normalise = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
