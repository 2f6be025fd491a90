import type { BlockContext, BlockOf } from "./block-context";

/**
 * Third-party embed code. It never runs in the site's origin: a sandboxed iframe without
 * allow-same-origin gives it an opaque origin, so it cannot read cookies, storage or this page.
 * Its links open in a new tab (allow-popups), not inside the frame. Where the page can name it,
 * the snippet is loaded from its own URL (routes/embeds.ts), whose policy lets it use its own
 * styles and scripts; a srcdoc document would inherit this page's strict policy instead.
 */
export const EMBED_SANDBOX = "allow-scripts allow-popups allow-popups-to-escape-sandbox";

export function EmbedBlock({ block, ctx }: { block: BlockOf<"embed">; ctx: BlockContext }) {
  const source = ctx.embedUrl ? { src: ctx.embedUrl(block.id) } : { srcDoc: embedDocument(block.snippet) };
  return (
    <figure data-block="embed" className="block block-embed">
      <iframe
        title={block.title}
        sandbox={EMBED_SANDBOX}
        {...source}
        loading="lazy"
        referrerPolicy="no-referrer"
        className="block-embed__frame"
      />
      <figcaption>{block.title}</figcaption>
    </figure>
  );
}

/** A standards-mode document around the snippet, so it renders the same in every browser. */
export const embedDocument = (snippet: string) =>
  `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><base target="_blank"></head><body>${snippet}</body></html>`;
