/**
 * A practitioner's photo as pages show it: at its versioned address (served by the Worker only
 * while the listing is shown), scaled into a box with its width and height given so the page does
 * not move as it loads, and described for people who cannot see it.
 */
import type { ListingPhoto } from "../../domain/practitioners";

/** A photo's version in its address: the first 16 hex digits of its SHA-256. */
export const PHOTO_VERSION_PATTERN = "[0-9a-f]{16}";

export const photoPath = (listingId: number, photo: Pick<ListingPhoto, "version">) => `/find-a-practitioner/${listingId}/photo/${photo.version}`;

/** The member's own photo, for their form and preview (served whether or not the listing is shown). */
export const ownPhotoPath = (photo: Pick<ListingPhoto, "version">) => `/user/practice/photo/${photo.version}`;

/** The photo's size fitted into a square of `box` pixels, its shape kept. */
export function fittedSize(photo: Pick<ListingPhoto, "width" | "height">, box: number): { width: number; height: number } {
  const scale = Math.min(1, box / Math.max(photo.width, photo.height));
  return { width: Math.max(1, Math.round(photo.width * scale)), height: Math.max(1, Math.round(photo.height * scale)) };
}

export interface PractitionerPhotoProps {
  /** The listing's id for its public address, or "own" for the member's own view. */
  listingId: number | "own";
  photo: ListingPhoto;
  name: string;
  /** The largest side, in CSS pixels. */
  box: number;
  className: string;
  lazy?: boolean;
}

export function PractitionerPhoto({ listingId, photo, name, box, className, lazy = false }: PractitionerPhotoProps) {
  const size = fittedSize(photo, box);
  return <img className={className} src={listingId === "own" ? ownPhotoPath(photo) : photoPath(listingId, photo)} alt={`Photo of ${name}`} width={size.width} height={size.height} {...(lazy ? { loading: "lazy" as const } : {})} decoding="async" />;
}
