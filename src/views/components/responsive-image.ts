/**
 * Which file of a CMS image each screen downloads. Strapi makes renditions of every upload
 * (thumbnail 245 px, small 500, medium 750, large 1000 px wide, when the original is wider);
 * they and the original are offered in `srcset`, and `sizes` tells the browser how wide the
 * image is drawn in its slot (client/styles), so it takes the smallest file that is sharp at the
 * screen's pixel density: a phone never fetches the desktop file, a high-density screen gets
 * twice the pixels. An image drawn at one fixed size (the logo) is offered per density instead
 * (`1x`, `2x`, `3x`).
 */
import type { Media } from "../../domain/content";
import { safeHref } from "../../shared/links";

/** Where an image sits decides how wide it is drawn (see client/styles). */
export type ImageSlot = "hero" | "content" | "half" | "card" | "teaser" | "logo";

/** How wide each slot is drawn, as `sizes` (fluid slots) or in CSS pixels (fixed ones). */
const SLOTS: Record<ImageSlot, { sizes: string } | { fixedWidth: number }> = {
  // Half of the hero's two columns from 56rem, full width (less the page's padding) below.
  hero: { sizes: "(min-width: 76rem) 38rem, (min-width: 56rem) 50vw, 100vw" },
  // The reading column (--measure, 44rem) or the screen.
  content: { sizes: "(min-width: 48rem) 44rem, 100vw" },
  // Half of the reading column beside text from 48rem.
  half: { sizes: "(min-width: 48rem) 22rem, 100vw" },
  card: { sizes: "(min-width: 64rem) 22rem, (min-width: 40rem) 46vw, 100vw" },
  // The article list's image: 38% of the reading column from 44rem, cropped to at least 12rem tall.
  teaser: { sizes: "(min-width: 44rem) 20rem, 100vw" },
  // .brand__logo: 2.75rem square.
  logo: { fixedWidth: 44 },
};

/** The densities offered for a fixed-size image. */
const DENSITIES = [1, 2, 3] as const;

export interface ResponsiveSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

interface Candidate {
  url: string;
  width: number;
}

/** The renditions and the original with a known width, narrowest first, each width once, safe URLs only. */
export function candidatesOf(media: Media): Candidate[] {
  const byWidth = new Map<number, string>();
  const all = [...media.formats, ...(media.width ? [{ url: media.url, width: media.width }] : [])];
  for (const { url, width } of all) {
    if (width > 0 && !byWidth.has(width) && safeHref(url)) byWidth.set(width, url);
  }
  return [...byWidth].sort(([a], [b]) => a - b).map(([width, url]) => ({ url, width }));
}

/**
 * `src`, `srcset` and `sizes` for `media` drawn in `slot`; null when its URL is unsafe. An SVG
 * scales by itself and an image with one file has nothing to choose from: `src` alone.
 */
export function responsiveSources(media: Media, slot: ImageSlot): ResponsiveSources | null {
  const src = safeHref(media.url);
  if (!src) return null;
  const candidates = media.fileType === "svg" ? [] : candidatesOf(media);
  if (candidates.length < 2) return { src };
  const layout = SLOTS[slot];
  if ("sizes" in layout) {
    return { src, srcSet: candidates.map(({ url, width }) => `${url} ${width}w`).join(", "), sizes: layout.sizes };
  }
  return densitySources(candidates, layout.fixedWidth);
}

/**
 * For each density, the narrowest file at least that many pixels wide (or the widest there is,
 * offered once): `small.png 1x, large.png 2x`. The 1x file is also `src`; when one file is sharp
 * enough at every density, it is `src` alone.
 */
function densitySources(candidates: Candidate[], cssWidth: number): ResponsiveSources {
  const widest = candidates.at(-1)!;
  const chosen: { url: string; density: number }[] = [];
  for (const density of DENSITIES) {
    const file = candidates.find((candidate) => candidate.width >= cssWidth * density) ?? widest;
    if (chosen.some((entry) => entry.url === file.url)) continue;
    chosen.push({ url: file.url, density });
  }
  if (chosen.length < 2) return { src: chosen[0]!.url };
  return { src: chosen[0]!.url, srcSet: chosen.map(({ url, density }) => `${url} ${density}x`).join(", ") };
}
