/** The practitioner photo's checks: what a file is comes from its bytes, never its name or declared type. */
import { describe, expect, it } from "vitest";
import { imageFacts } from "../../../src/services/practitioners/image-facts";
import { checkPhoto } from "../../../src/services/practitioners/photo-file";
import { PHOTO_MAX_BYTES } from "../../../src/shared/practitioner-photo";
import { NOT_PHOTOS, PHOTOS } from "../../fixtures/photos";

const sent = (bytes: Uint8Array, name = "me.jpg") => ({ name, size: bytes.byteLength, bytes: async () => bytes });

describe("imageFacts", () => {
  it("reads the kind and size of a JPEG, a PNG and each kind of WebP", () => {
    expect(imageFacts(PHOTOS.jpeg)).toEqual({ type: "image/jpeg", width: 40, height: 30 });
    expect(imageFacts(PHOTOS.png)).toEqual({ type: "image/png", width: 40, height: 30 });
    expect(imageFacts(PHOTOS.webpLossy)).toEqual({ type: "image/webp", width: 40, height: 30 });
    expect(imageFacts(PHOTOS.webpLossless)).toEqual({ type: "image/webp", width: 40, height: 30 });
    expect(imageFacts(PHOTOS.webpExtended)).toEqual({ type: "image/webp", width: 40, height: 30 });
  });

  it("refuses an SVG, an HTML page, a GIF and a PNG cut short", () => {
    for (const bytes of Object.values(NOT_PHOTOS)) expect(imageFacts(bytes)).toBeNull();
  });
});

describe("checkPhoto", () => {
  it("accepts a real image whatever it is called", async () => {
    const checked = await checkPhoto(sent(PHOTOS.png, "photo.exe"));
    expect(checked).toMatchObject({ ok: true, photo: { type: "image/png", width: 40, height: 30 } });
  });

  it("refuses a script named like a photo, an empty file and one too big, each with a message for the field", async () => {
    expect(await checkPhoto(sent(NOT_PHOTOS.svg, "me.png"))).toEqual({ ok: false, message: expect.stringContaining("must be a JPEG, PNG or WebP image") });
    expect(await checkPhoto(sent(new Uint8Array(), "me.png"))).toEqual({ ok: false, message: expect.stringContaining("is empty") });
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(PHOTOS.jpeg);
    expect(await checkPhoto(sent(big))).toEqual({ ok: false, message: expect.stringContaining("2 MB or smaller") });
  });

  it("treats no file chosen as no change", async () => {
    expect(await checkPhoto(null)).toBeNull();
    expect(await checkPhoto({ name: "", size: 0, bytes: async () => new Uint8Array() })).toBeNull();
  });
});
