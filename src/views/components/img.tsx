import type { Media } from "../../domain/content";
import { safeHref } from "../urls";

/** Where an image sits decides how wide it is drawn, hence `sizes` (see client/styles). */
export type ImageSlot = "hero" | "content" | "half" | "card" | "thumb" | "logo";

const SIZES: Record<ImageSlot, string> = {
  hero: "(min-width: 56rem) 36rem, 100vw",
  content: "(min-width: 48rem) 46rem, 100vw",
  half: "(min-width: 48rem) 23rem, 100vw",
  card: "(min-width: 64rem) 22rem, (min-width: 40rem) 46vw, 100vw",
  thumb: "10rem",
  logo: "3rem",
};

export interface ImgProps {
  media: Media;
  slot: ImageSlot;
  /** Above the fold and likely the largest paint: loaded eagerly at high priority. */
  priority?: boolean;
  /** Loaded at once but at normal priority (small images at the top, such as the logo). */
  eager?: boolean;
  /** Adds nothing a reader needs (the text beside it says it all): hidden from assistive tech. */
  decorative?: boolean;
  className?: string;
}

/**
 * Every content image: intrinsic size set (no layout shift), responsive renditions, lazy unless
 * it is the priority image. SVGs scale by themselves, so they get no srcset.
 */
export function Img({ media, slot, priority = false, eager = false, decorative = false, className }: ImgProps) {
  const src = safeHref(media.url);
  if (!src) return null;
  const size = intrinsicSize(media);
  const srcSet = media.fileType === "svg" ? undefined : buildSrcSet(media);
  const alt = decorative ? "" : (media.alternativeText?.trim() ?? "");
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? SIZES[slot] : undefined}
      width={size?.width}
      height={size?.height}
      alt={alt}
      aria-hidden={decorative || undefined}
      loading={priority || eager ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
}

function intrinsicSize(media: Media): { width: number; height: number } | null {
  if (media.width && media.height) return { width: media.width, height: media.height };
  const largest = media.formats.at(-1);
  return largest ? { width: largest.width, height: largest.height } : null;
}

/** The CMS's renditions plus the original, narrowest first, each width once. */
function buildSrcSet(media: Media): string | undefined {
  const byWidth = new Map<number, string>();
  const candidates = [...media.formats, ...(media.width ? [{ url: media.url, width: media.width }] : [])];
  for (const { url, width } of candidates) {
    if (width > 0 && !byWidth.has(width) && safeHref(url)) byWidth.set(width, url);
  }
  if (byWidth.size < 2) return undefined;
  return [...byWidth]
    .sort(([a], [b]) => a - b)
    .map(([width, url]) => `${url} ${width}w`)
    .join(", ");
}
