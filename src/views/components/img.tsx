import type { Media } from "../../domain/content";
import { type ImageSlot, responsiveSources } from "./responsive-image";

export type { ImageSlot };

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
 * Every content image: intrinsic size set (no layout shift), the file that suits the screen
 * (responsive-image.ts), lazy unless it is the priority image.
 */
export function Img({ media, slot, priority = false, eager = false, decorative = false, className }: ImgProps) {
  const sources = responsiveSources(media, slot);
  if (!sources) return null;
  const size = intrinsicSize(media);
  const alt = decorative ? "" : (media.alternativeText?.trim() ?? "");
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.sizes}
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
