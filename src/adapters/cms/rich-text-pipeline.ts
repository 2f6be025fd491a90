/**
 * CMS rich text is Markdown (which may contain raw HTML). It is turned into sanitised HTML once,
 * when a CMS response is mapped, so cached content is already safe and pages never parse
 * Markdown on the hot path. unified/remark/rehype does the work; rehype-sanitize applies
 * GitHub's allow-list: no scripts, no event handlers, no `javascript:` or `data:` URLs, no
 * styles, no iframes or form controls, and ids prefixed so they cannot clobber the page's own.
 *
 * The sanitiser is the last step that touches the tree: any other change (such as dropping a
 * heading that repeats the page title) is made before it, and nothing edits the HTML after it;
 * the tree is only serialised (serialize-html.ts).
 */
import rehypeRaw from "rehype-raw";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { SafeHtml } from "../../domain/content";
import { rehypeDropRepeatedTitle } from "./drop-repeated-title";
import { rehypeSerialize } from "./serialize-html";

/** What sanitised rich text may contain (tests check the output against it too). */
export const richTextSchema: SanitizeSchema = {
  ...defaultSchema,
  // GitHub allows task-list checkboxes; editors have no use for form controls.
  tagNames: (defaultSchema.tagNames ?? []).filter((tag) => tag !== "input"),
  protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto", "tel"], src: ["http", "https"] },
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeDropRepeatedTitle)
  .use(rehypeSanitize, richTextSchema)
  .use(rehypeSerialize);

/** The same reading of the text, stopping at the sanitised tree (for plain-text extracts). */
const treeProcessor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize, richTextSchema);

export interface RichTextOptions {
  /** The title the page already shows as its h1: a first heading that reads the same is dropped. */
  pageTitle?: string | null;
}

/** Markdown (with optional raw HTML) from the CMS -> sanitised HTML safe to place in a page. */
export function markdownToSafeHtml(markdown: string, { pageTitle }: RichTextOptions = {}): SafeHtml {
  if (markdown.trim() === "") return { html: "" } as SafeHtml;
  return { html: String(processor.processSync({ value: markdown, data: pageTitle ? { pageTitle } : {} })) } as SafeHtml;
}

interface TreeNode {
  type: string;
  tagName?: string;
  value?: string;
  children?: TreeNode[];
}

/**
 * The text of the first paragraph (not one inside a quote or a list), as plain text with its
 * whitespace collapsed, read from the same sanitised tree the HTML is made from; null when there
 * is none. For teasers: nothing here is ever inserted as HTML.
 */
export function markdownFirstParagraph(markdown: string): string | null {
  if (markdown.trim() === "") return null;
  const tree = treeProcessor.runSync(treeProcessor.parse(markdown)) as TreeNode;
  for (const node of tree.children ?? []) {
    if (node.type !== "element" || node.tagName !== "p") continue;
    const text = textOf(node).replace(/\s+/g, " ").trim();
    if (text !== "") return text;
  }
  return null;
}

const textOf = (node: TreeNode): string => (node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join(""));
