/** Which file of a CMS image each screen downloads: srcset and sizes from Strapi's renditions. */
import { describe, expect, it } from "vitest";
import type { Media } from "../../../src/domain/content";
import { responsiveSources } from "../../../src/views/components/responsive-image";
import { images, media } from "../../fixtures/domain";

/** The file a browser takes from `srcset` with `w` descriptors: the narrowest at least `pixels` wide, else the widest. */
function chosen(srcSet: string, pixels: number): { url: string; width: number } {
  const candidates = srcSet.split(", ").map((entry) => {
    const [url, descriptor] = entry.split(" ");
    return { url: url!, width: Number(descriptor!.replace("w", "")) };
  });
  return candidates.find((c) => c.width >= pixels) ?? candidates.at(-1)!;
}

describe("responsiveSources", () => {
  it("offers every rendition and the original by width, with the slot's sizes", () => {
    expect(responsiveSources(images.hero, "hero")).toEqual({
      src: "/uploads/hero-home.jpg",
      srcSet:
        "/uploads/thumbnail_hero-home.jpg 245w, /uploads/small_hero-home.jpg 500w, /uploads/medium_hero-home.jpg 750w, /uploads/large_hero-home.jpg 1000w, /uploads/hero-home.jpg 1600w",
      sizes: "(min-width: 76rem) 38rem, (min-width: 56rem) 50vw, 100vw",
    });
  });

  it("lets a phone take a phone-sized file, and a high-density screen twice the pixels", () => {
    const { srcSet } = responsiveSources(images.hero, "content")!;
    // A 412 px wide phone at 1x draws the content image 412 px wide: the 500 px rendition.
    expect(chosen(srcSet!, 412).url).toBe("/uploads/small_hero-home.jpg");
    // The same phone at 2x: 824 device pixels, the 1000 px rendition, never the 1600 px original.
    expect(chosen(srcSet!, 824).url).toBe("/uploads/large_hero-home.jpg");
    // A desktop at 2x draws the reading column (44rem, 704 px) with 1408 pixels: the original.
    expect(chosen(srcSet!, 1408).url).toBe("/uploads/hero-home.jpg");
  });

  it("gives every fluid slot a sizes that a browser can read", () => {
    for (const slot of ["hero", "content", "half", "card", "teaser"] as const) {
      expect(responsiveSources(images.hero, slot)?.sizes, slot).toMatch(/^(\(min-width: \d+rem\) \d+(rem|vw), )*100vw$/);
    }
  });

  it("offers a fixed-size image per screen density, from the narrowest file sharp enough for each", () => {
    const logo: Media = {
      ...media("logo.png", 600, 600),
      formats: [
        { name: "thumbnail", url: "/uploads/thumbnail_logo.png", width: 60, height: 60 },
        { name: "small", url: "/uploads/small_logo.png", width: 100, height: 100 },
        { name: "medium", url: "/uploads/medium_logo.png", width: 300, height: 300 },
      ],
    };
    // Drawn 44 px wide: 1x needs 44 (60), 2x needs 88 (100), 3x needs 132 (300).
    expect(responsiveSources(logo, "logo")).toEqual({
      src: "/uploads/thumbnail_logo.png",
      srcSet: "/uploads/thumbnail_logo.png 1x, /uploads/small_logo.png 2x, /uploads/medium_logo.png 3x",
    });
  });

  it("gives a fixed-size image one file when one is sharp enough at every density", () => {
    const logo = { ...media("logo.png", 512, 512), formats: [{ name: "thumbnail", url: "/uploads/thumbnail_logo.png", width: 156, height: 156 }] };
    expect(responsiveSources(logo, "logo")).toEqual({ src: "/uploads/thumbnail_logo.png" });
  });

  it("gives an SVG, and an image with a single file, just its src", () => {
    expect(responsiveSources(images.emblem, "half")).toEqual({ src: "/uploads/guild-emblem.svg" });
    expect(responsiveSources(media("tiny.png", 64, 64), "card")).toEqual({ src: "/uploads/tiny.png" });
  });

  it("leaves out the original when its width is unknown, and any rendition with an unsafe URL", () => {
    const unknownWidth = { ...images.hero, width: null, height: null };
    expect(responsiveSources(unknownWidth, "content")?.srcSet).not.toContain("/uploads/hero-home.jpg ");
    const hostile = { ...images.hero, formats: [{ name: "small", url: "javascript:alert(1)", width: 500, height: 225 }, ...images.hero.formats.slice(2)] };
    expect(responsiveSources(hostile, "content")?.srcSet).not.toContain("javascript:");
  });

  it("is null for an unsafe URL", () => {
    expect(responsiveSources({ ...images.hero, url: "javascript:alert(1)" }, "content")).toBeNull();
  });
});
