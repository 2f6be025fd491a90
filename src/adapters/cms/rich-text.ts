/**
 * CMS rich text is Markdown (which may contain raw HTML). It is turned into sanitised HTML once,
 * when a CMS response is mapped, so cached content is already safe and pages never parse
 * Markdown on the hot path. unified/remark/rehype does the work; rehype-sanitize applies
 * GitHub's allow-list: no scripts, no event handlers, no `javascript:` or `data:` URLs, no
 * styles, no iframes or form controls, and ids prefixed so they cannot clobber the page's own.
 */
import rehypeRaw from "rehype-raw";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { SafeHtml } from "../../services/content/model";

const schema: SanitizeSchema = {
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
  .use(rehypeSanitize, schema)
  .use(rehypeStringify);

/** Markdown (with optional raw HTML) from the CMS -> sanitised HTML safe to place in a page. */
export function markdownToSafeHtml(markdown: string): SafeHtml {
  if (markdown.trim() === "") return { html: "" } as SafeHtml;
  return { html: String(processor.processSync(markdown)) } as SafeHtml;
}
