/**
 * Turns the sanitised tree into HTML with parse5's serialiser, which follows the HTML standard's
 * fragment serialisation, including its escaping of `<` and `>` in attribute values (what
 * browsers' own `innerHTML` now does). rehype-stringify leaves those two characters raw, so
 * markup written into an allowed attribute such as `title` read as markup to anything that scans
 * the HTML without parsing it; escaped, sanitised HTML never contains a tag it did not keep.
 */
import type { Root } from "hast";
import { toParse5 } from "hast-util-to-parse5";
import { serialize, type DefaultTreeAdapterMap } from "parse5";
import type { Processor } from "unified";

export function rehypeSerialize(this: Processor) {
  this.compiler = (tree) => serialize(toParse5(tree as Root) as DefaultTreeAdapterMap["parentNode"]);
}
