/**
 * Rendering and querying helpers for view tests: the real streaming renderer (waiting for every
 * Suspense boundary) and workerd's HTMLRewriter as a small CSS-selector query engine.
 */
import { createElement, type FunctionComponent, type ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server.edge";

export const h = createElement;

/** The complete HTML of a tree, after every Suspense boundary has resolved. */
export async function renderHtml(node: ReactNode, options: { nonce?: string } = {}): Promise<string> {
  const stream = await renderToReadableStream(node, options);
  await stream.allReady;
  return new Response(stream).text();
}

/** Renders one component with its props. */
export const render = <P extends object>(component: FunctionComponent<P>, props: P) => renderHtml(h(component, props));

export interface Found {
  attrs: Record<string, string>;
  /** All text inside the element: entities decoded, whitespace collapsed, blocks apart. */
  text: string;
}

const BLOCKS = new Set("p div li dt dd h1 h2 h3 h4 section header footer nav figure figcaption ul ol dl address article br".split(" "));

/** Every element matching `selector`, in document order. */
export async function select(html: string, selector: string): Promise<Found[]> {
  const found: Found[] = [];
  const open: Found[] = [];
  let matched: Found | null = null;
  const space = () => {
    for (const item of open) item.text += " ";
  };
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        matched = { attrs: Object.fromEntries([...element.attributes].map(([name, value]) => [name, decode(value ?? "")])), text: "" };
        found.push(matched);
        open.push(matched);
      },
      text(chunk) {
        for (const item of open) item.text += chunk.text;
      },
    })
    // One handler per element closes matches and keeps block-level elements apart, as on
    // screen (an element accepts a single end-tag handler).
    .on("*", {
      element(element) {
        const item = matched;
        matched = null;
        const block = BLOCKS.has(element.tagName);
        if (block) space();
        try {
          element.onEndTag(() => {
            if (block) space();
            if (item) open.splice(open.indexOf(item), 1);
          });
        } catch {
          if (item) open.splice(open.indexOf(item), 1); // a void element has no end tag
        }
      },
    })
    .transform(new Response(html))
    .text();
  return found.map((item) => ({ ...item, text: squash(decode(item.text)) }));
}

/** The one element matching `selector`; fails the test when there are none or several. */
export async function one(html: string, selector: string): Promise<Found> {
  const found = await select(html, selector);
  if (found.length !== 1) throw new Error(`expected one "${selector}", found ${found.length}`);
  return found[0]!;
}

/** Text with runs of whitespace collapsed. */
export const squash = (text: string) => text.replace(/\s+/g, " ").trim();

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the character references React writes (named and numeric). */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? entity;
  });
}
