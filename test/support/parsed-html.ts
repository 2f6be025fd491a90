/**
 * HTML as a browser's parser would build it. rehype-raw parses with parse5, which implements the
 * HTML standard's tokeniser and tree builder, so attribute values, foreign content (svg, math)
 * and misnested tags end up where a browser would put them, not where a regular expression
 * would guess.
 */
import type { Element, Root, RootContent } from "hast";
import rehypeRaw from "rehype-raw";
import { unified } from "unified";

const parser = unified().use(rehypeRaw);

/** Every element in `html`, in document order (template contents included). */
export function parsedElements(html: string): Element[] {
  // A `raw` node is the HTML rehype-raw hands to parse5; hast's own types do not list it.
  return descendants(parser.runSync({ type: "root", children: [{ type: "raw", value: html }] } as unknown as Root));
}

/** The elements inside every `.prose` container (where rich text goes) of a rendered page. */
export function proseElements(html: string): Element[] {
  const classes = (element: Element) => (Array.isArray(element.properties.className) ? element.properties.className : []);
  const prose = parsedElements(html).filter((element) => classes(element).includes("prose"));
  return prose.flatMap(descendants);
}

function descendants(tree: Root | Element): Element[] {
  const found: Element[] = [];
  const walk = (node: Root | RootContent) => {
    if (node.type === "element") {
      found.push(node);
      if (node.content) walk(node.content);
    }
    if ("children" in node) node.children.forEach(walk);
  };
  tree.children.forEach(walk);
  return found;
}
