import type { SafeHtml } from "../../domain/content";

/**
 * CMS rich text. Only `SafeHtml` (sanitised by the CMS adapter when the response was mapped) is
 * ever inserted as HTML; this is the one place the views do so.
 */
export function RichText({ html, className }: { html: SafeHtml | null; className?: string }) {
  if (!html || html.html.trim() === "") return null;
  return <div className={className ? `prose ${className}` : "prose"} dangerouslySetInnerHTML={{ __html: html.html }} />;
}
