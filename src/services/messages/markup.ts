/**
 * The markup staff write bulk messages in: a small, fixed subset of Markdown, read by this parser
 * alone, so the HTML is built element by element from an allow-list (as CMS rich text is
 * sanitised to one) and every character staff type is escaped. Nothing written here can become a
 * script, an event handler, a style, a form or a header. The plain-text part is made from the same
 * reading, so both parts always say the same.
 *
 *   # Heading            ## Smaller heading
 *   A paragraph with a [link](https://example.org/page) and **bold** words.
 *   - a list item
 *   ![What the image shows](/uploads/photo_1a2b.jpg)     (the CMS media library only)
 *   [[Book your place]](/events/study-day)               (a button)
 *
 * Links may be https, http, mailto or a path on this site; an image must be a file from the
 * media library (`/uploads/…`). Anything else is a problem named with its line, never dropped
 * silently.
 */

export type Inline = { kind: "text"; text: string } | { kind: "bold"; text: string } | { kind: "link"; text: string; href: string };

export type MarkupBlock =
  | { kind: "heading"; level: 2 | 3; text: string }
  | { kind: "paragraph"; inlines: Inline[] }
  | { kind: "list"; items: Inline[][] }
  | { kind: "image"; alt: string; src: string }
  | { kind: "button"; label: string; href: string };

export interface MarkupProblem {
  line: number;
  message: string;
}

export interface ReadMarkup {
  blocks: MarkupBlock[];
  problems: MarkupProblem[];
}

const UPLOAD = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]{0,254}\.(?:png|jpe?g|gif|webp)$/i;
const IMAGE_LINE = /^!\[([^\]]*)\]\(([^)\s]*)\)$/;
const BUTTON_LINE = /^\[\[([^\]]+)\]\]\(([^)\s]*)\)$/;
const INLINE = /\[([^\]]+)\]\(([^)\s]*)\)|\*\*([^*]+)\*\*/g;
// Control characters (other than the line breaks the parser splits on) have no place in a message.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;

/** The link's absolute address, or why it is refused. */
function checkHref(href: string, siteUrl: string): { href: string } | { problem: string } {
  if (href.startsWith("/")) {
    // A path must stay on this site: "//host", "/\\host" or a tab inside would lead elsewhere.
    const url = new URL(href, siteUrl);
    if (url.origin !== new URL(siteUrl).origin) return { problem: `"${href}" leads to another site: write its full https:// address instead` };
    return { href: url.href };
  }
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { problem: `"${href}" is not a web address: use one starting https:// or a path on this site starting /` };
  }
  if (!["https:", "http:", "mailto:"].includes(url.protocol)) {
    return { problem: `Links may only be web addresses (https://…), e-mail addresses (mailto:…) or paths on this site, not "${url.protocol}"` };
  }
  return { href: url.href };
}

function checkImage(src: string, siteUrl: string): { src: string } | { problem: string } {
  const site = new URL(siteUrl);
  let path = src;
  if (src.startsWith(site.origin + "/")) path = src.slice(site.origin.length);
  if (!UPLOAD.test(path)) return { problem: `The image "${src}" is not from the media library: upload it in the CMS and use its /uploads/… address` };
  return { src: new URL(path, siteUrl).href };
}

function readInlines(text: string, line: number, siteUrl: string, problems: MarkupProblem[]): Inline[] {
  const inlines: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) inlines.push({ kind: "text", text: text.slice(last, match.index) });
    if (match[3] !== undefined) inlines.push({ kind: "bold", text: match[3] });
    else {
      const checked = checkHref(match[2]!, siteUrl);
      if ("problem" in checked) problems.push({ line, message: checked.problem });
      else inlines.push({ kind: "link", text: match[1]!, href: checked.href });
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) inlines.push({ kind: "text", text: text.slice(last) });
  return inlines;
}

/** Reads the markup into blocks, with every problem found (a message with problems is not sent). */
export function readMarkup(markup: string, siteUrl: string): ReadMarkup {
  const problems: MarkupProblem[] = [];
  const blocks: MarkupBlock[] = [];
  const lines = markup.replace(/\r\n?/g, "\n").split("\n");
  let paragraph: { line: number; text: string[] } | null = null;
  let list: Inline[][] | null = null;
  const endParagraph = () => {
    if (paragraph) blocks.push({ kind: "paragraph", inlines: readInlines(paragraph.text.join(" "), paragraph.line, siteUrl, problems) });
    paragraph = null;
  };
  const endList = () => {
    if (list) blocks.push({ kind: "list", items: list });
    list = null;
  };
  lines.forEach((raw, index) => {
    const line = index + 1;
    const text = raw.trim();
    if (CONTROL.test(raw)) problems.push({ line, message: "This line holds a control character: retype it" });
    if (text === "") return void (endParagraph(), endList());
    const heading = /^(#{1,2})\s+(.+)$/.exec(text);
    const image = IMAGE_LINE.exec(text);
    const button = BUTTON_LINE.exec(text);
    const item = /^[-*]\s+(.+)$/.exec(text);
    if (heading || image || button) {
      endParagraph();
      endList();
    }
    if (heading) blocks.push({ kind: "heading", level: heading[1]!.length === 1 ? 2 : 3, text: heading[2]! });
    else if (image) {
      const checked = checkImage(image[2]!, siteUrl);
      if ("problem" in checked) problems.push({ line, message: checked.problem });
      else if (image[1]!.trim() === "") problems.push({ line, message: "Describe the image in the square brackets, for readers who cannot see it" });
      else blocks.push({ kind: "image", alt: image[1]!.trim(), src: checked.src });
    } else if (button) {
      const checked = checkHref(button[2]!, siteUrl);
      if ("problem" in checked) problems.push({ line, message: checked.problem });
      else blocks.push({ kind: "button", label: button[1]!.trim(), href: checked.href });
    } else if (item) {
      endParagraph();
      (list ??= []).push(readInlines(item[1]!, line, siteUrl, problems));
    } else {
      endList();
      if (paragraph) paragraph.text.push(text);
      else paragraph = { line, text: [text] };
    }
  });
  endParagraph();
  endList();
  return { blocks, problems };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

const LINK_STYLE = "color:#1d4ed8;text-decoration:underline";

function inlineHtml(inlines: readonly Inline[]): string {
  return inlines
    .map((inline) =>
      inline.kind === "text"
        ? escapeHtml(inline.text)
        : inline.kind === "bold"
          ? `<strong>${escapeHtml(inline.text)}</strong>`
          : `<a href="${escapeHtml(inline.href)}" style="${LINK_STYLE}">${escapeHtml(inline.text)}</a>`,
    )
    .join("");
}

/** The blocks as HTML for an e-mail body (inline styles: mail clients ignore style sheets). */
export function blocksToHtml(blocks: readonly MarkupBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case "heading":
          return block.level === 2
            ? `<h2 style="font-size:22px;margin:24px 0 8px">${escapeHtml(block.text)}</h2>`
            : `<h3 style="font-size:18px;margin:20px 0 8px">${escapeHtml(block.text)}</h3>`;
        case "paragraph":
          return `<p style="margin:0 0 16px;line-height:1.5">${inlineHtml(block.inlines)}</p>`;
        case "list":
          return `<ul style="margin:0 0 16px;padding-left:24px">${block.items.map((item) => `<li style="line-height:1.5">${inlineHtml(item)}</li>`).join("")}</ul>`;
        case "image":
          return `<p style="margin:0 0 16px"><img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" style="max-width:100%;height:auto;border:0"></p>`;
        case "button":
          return `<p style="margin:24px 0"><a href="${escapeHtml(block.href)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(block.label)}</a></p>`;
      }
    })
    .join("\n");
}

function inlineText(inlines: readonly Inline[]): string {
  return inlines.map((inline) => (inline.kind === "link" ? (inline.text === inline.href ? inline.href : `${inline.text} (${inline.href})`) : inline.text)).join("");
}

/** Wraps text at about 72 characters, never inside a word or an address. */
function wrap(text: string, width = 72, indent = ""): string {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current !== "" && current.length + 1 + word.length > width) {
      lines.push(current);
      current = indent + word;
    } else current = current === "" ? word : `${current} ${word}`;
  }
  if (current !== "") lines.push(current);
  return lines.join("\n");
}

/** The same blocks as plain text that reads well on its own. */
export function blocksToText(blocks: readonly MarkupBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case "heading":
          return `${block.text}\n${(block.level === 2 ? "=" : "-").repeat(Math.min(block.text.length, 72))}`;
        case "paragraph":
          return wrap(inlineText(block.inlines));
        case "list":
          return block.items.map((item) => `- ${wrap(inlineText(item), 70, "  ")}`).join("\n");
        case "image":
          return `[Image: ${block.alt}]`;
        case "button":
          return `${block.label}: ${block.href}`;
      }
    })
    .join("\n\n");
}
