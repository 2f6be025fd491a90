import type { BlockOf } from "./block-context";

/**
 * Third-party embed code. It never runs in the site's origin: a sandboxed iframe without
 * allow-same-origin gives it an opaque origin, so it cannot read cookies, storage or this page.
 * Its links open in a new tab (allow-popups), not inside the frame.
 */
export const EMBED_SANDBOX = "allow-scripts allow-popups allow-popups-to-escape-sandbox";

export function EmbedBlock({ block }: { block: BlockOf<"embed"> }) {
  return (
    <figure data-block="embed" className="block block-embed">
      <iframe
        title={block.title}
        sandbox={EMBED_SANDBOX}
        srcDoc={embedDocument(block.snippet)}
        loading="lazy"
        referrerPolicy="no-referrer"
        className="block-embed__frame"
      />
      <figcaption>{block.title}</figcaption>
    </figure>
  );
}

/** A standards-mode document around the snippet, so it renders the same in every browser. */
const embedDocument = (snippet: string) =>
  `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><base target="_blank"></head><body>${snippet}</body></html>`;
