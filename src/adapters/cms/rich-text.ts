/**
 * Rich text for the CMS mappers. The pipeline itself (rich-text-pipeline.ts: Markdown ->
 * sanitised HTML) is a lazily loaded module: it is needed only when a CMS response is mapped on
 * a cache miss, so cached page views never load it. The mappers run synchronously inside zod
 * schemas, so the CMS client loads the pipeline before it maps a response.
 */
import type { SafeHtml } from "../../domain/content";
import { loadRichText } from "../../lazy-modules";
import type { RichTextOptions } from "./rich-text-pipeline";

let pipeline: Awaited<ReturnType<typeof loadRichText>> | null = null;

/** Loads the pipeline once per isolate; every later call returns at once. */
export async function loadRichTextPipeline(): Promise<void> {
  pipeline ??= await loadRichText();
}

/** Markdown (with optional raw HTML) from the CMS -> sanitised HTML (the pipeline must be loaded). */
export function markdownToSafeHtml(markdown: string, options?: RichTextOptions): SafeHtml {
  if (!pipeline) throw new Error("The rich-text pipeline is not loaded: call loadRichTextPipeline() before mapping CMS content");
  return pipeline.markdownToSafeHtml(markdown, options);
}

/** The first paragraph of CMS Markdown as plain text, or null (the pipeline must be loaded). */
export function markdownFirstParagraph(markdown: string): string | null {
  if (!pipeline) throw new Error("The rich-text pipeline is not loaded: call loadRichTextPipeline() before mapping CMS content");
  return pipeline.markdownFirstParagraph(markdown);
}
