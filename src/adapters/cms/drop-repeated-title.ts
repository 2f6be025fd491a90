/**
 * Editors often open a page's first text block with a heading that repeats the page title
 * ("## Privacy policy" on the Privacy policy page). The page already shows its title as the h1,
 * so that repeated heading is dropped rather than shown twice.
 *
 * This is a rehype step on the parsed tree and runs before the sanitiser, so the sanitiser stays
 * the last word on what the HTML holds: editing sanitised HTML as a string is how a `</h2>` inside
 * an attribute value once ended a heading early and let raw markup through.
 */
import type { Element, ElementContent, Root, RootContent } from "hast";
import type { VFile } from "vfile";

declare module "vfile" {
  interface DataMap {
    /** The title the page shows as its h1; a first heading that reads the same is dropped. */
    pageTitle: string;
  }
}

const HEADING = /^h[1-6]$/;

export function rehypeDropRepeatedTitle() {
  return (tree: Root, file: VFile) => {
    const title = file.data.pageTitle;
    if (!title) return;
    const index = tree.children.findIndex((node) => !isBlank(node));
    const first = tree.children[index];
    if (first?.type === "element" && HEADING.test(first.tagName) && normalise(textOf(first)) === normalise(title)) {
      // The line break that followed the heading goes with it, so the text starts cleanly.
      const next = tree.children[index + 1];
      tree.children.splice(index, next && isBlank(next) ? 2 : 1);
    }
  };
}

/** Whitespace between blocks and comments (which the sanitiser drops) do not count as content. */
const isBlank = (node: RootContent) => node.type === "comment" || node.type === "doctype" || (node.type === "text" && node.value.trim() === "");

/** The heading's text as a reader sees it: text nodes only, attributes never. */
function textOf(node: Element | ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type !== "element") return "";
  return node.children.map(textOf).join("");
}

const normalise = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();
