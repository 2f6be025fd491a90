import { describe, expect, it } from "vitest";
import { Img } from "../../../src/views/components/img";
import * as f from "../../fixtures/domain";
import { one, render } from "./render";

const img = async (props: Parameters<typeof Img>[0]) => (await one(await render(Img, props), "img")).attrs;

describe("Img", () => {
  it("sets width, height and alt text, and loads lazily and asynchronously by default", async () => {
    expect(await img({ media: f.images.hero, slot: "content" })).toMatchObject({
      src: "/uploads/hero-home.jpg",
      width: "1600",
      height: "720",
      alt: "Soft teal light over a calm horizon",
      loading: "lazy",
      decoding: "async",
    });
  });

  it("lists every rendition and the original in srcset, with sizes for its slot", async () => {
    const attrs = await img({ media: f.images.hero, slot: "hero" });
    expect(attrs.srcset).toBe(
      "/uploads/thumbnail_hero-home.jpg 245w, /uploads/small_hero-home.jpg 500w, /uploads/medium_hero-home.jpg 750w, /uploads/large_hero-home.jpg 1000w, /uploads/hero-home.jpg 1600w",
    );
    expect(attrs.sizes).toBe("(min-width: 76rem) 38rem, (min-width: 56rem) 50vw, 100vw");
  });

  it("gives an SVG no srcset", async () => {
    const attrs = await img({ media: f.images.emblem, slot: "half" });
    expect(attrs.srcset).toBeUndefined();
    expect(attrs.sizes).toBeUndefined();
    expect(attrs.src).toBe("/uploads/guild-emblem.svg");
  });

  it("loads a priority image eagerly at high priority", async () => {
    const attrs = await img({ media: f.images.hero, slot: "hero", priority: true });
    expect(attrs).toMatchObject({ loading: "eager", fetchpriority: "high" });
    expect(attrs.decoding).toBeUndefined();
  });

  it("hides a decorative image from assistive technology with an empty alt", async () => {
    expect(await img({ media: f.images.about, slot: "card", decorative: true })).toMatchObject({ alt: "", "aria-hidden": "true" });
  });

  it("has an empty alt, not a file name, when the CMS has no alternative text", async () => {
    const attrs = await img({ media: { ...f.images.about, alternativeText: null }, slot: "card" });
    expect(attrs.alt).toBe("");
    expect(attrs["aria-hidden"]).toBeUndefined();
  });

  it("takes its size from the largest rendition when the original's is unknown", async () => {
    const attrs = await img({ media: { ...f.images.hero, width: null, height: null }, slot: "content" });
    expect(attrs).toMatchObject({ width: "1000", height: "450" });
  });

  it("renders nothing for an unsafe URL", async () => {
    expect(await render(Img, { media: { ...f.images.hero, url: "javascript:alert(1)" }, slot: "content" })).toBe("");
  });
});
