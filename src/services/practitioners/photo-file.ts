/**
 * A practitioner's photo as uploaded on /user/practice: checked by what its bytes are (JPEG, PNG
 * or WebP, services/practitioners/image-facts.ts), not too big, with its width and height read
 * for the page and the start of its SHA-256 as its version (in its public address, so a new photo
 * gets a new address and browsers may keep each one for a year).
 */
import type { SentFile } from "../vetting/document-file";
import type { PhotoContentType } from "../../domain/practitioners";
import { PHOTO_MAX_BYTES, PHOTO_MAX_LABEL } from "../../shared/practitioner-photo";
import { imageFacts } from "./image-facts";

/** Larger than any screen needs; a bigger picture is almost always an unresized camera file. */
const PHOTO_MAX_SIDE = 6000;

export interface CheckedPhoto {
  bytes: Uint8Array;
  type: PhotoContentType;
  width: number;
  height: number;
  /** The first 16 hex digits of the bytes' SHA-256. */
  version: string;
}

export type PhotoCheck = { ok: true; photo: CheckedPhoto } | { ok: false; message: string };

async function versionOf(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Checks an uploaded photo; null when no file was chosen (the photo is left as it is). */
export async function checkPhoto(file: SentFile | null): Promise<PhotoCheck | null> {
  if (!file || (file.size === 0 && !file.name)) return null;
  if (file.size === 0) return { ok: false, message: "The photo you chose is empty. Choose the file again" };
  if (file.size > PHOTO_MAX_BYTES) return { ok: false, message: `Your photo must be ${PHOTO_MAX_LABEL} or smaller. Choose a smaller photo, or save it at a smaller size` };
  const bytes = await file.bytes();
  const facts = imageFacts(bytes);
  if (!facts) return { ok: false, message: "Your photo must be a JPEG, PNG or WebP image. The file you chose is not one of these, whatever its name says" };
  if (facts.width > PHOTO_MAX_SIDE || facts.height > PHOTO_MAX_SIDE) {
    return { ok: false, message: `Your photo is ${facts.width} by ${facts.height} pixels: make it at most ${PHOTO_MAX_SIDE} pixels on each side` };
  }
  return { ok: true, photo: { bytes, ...facts, version: await versionOf(bytes) } };
}
