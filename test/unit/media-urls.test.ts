/**
 * CMS media URLs from either upload provider reach pages as the site's own `/uploads/<file>`:
 * Strapi's local provider gives `/uploads/<file>`, the S3 provider (R2 in production) gives
 * `<public URL>/<file>`, which the Worker knows as CMS_MEDIA_URL. A media URL on any other
 * host is refused: the field reads as empty, so no foreign image is ever rendered.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCmsClient } from "../../src/adapters/cms/client";
import { generalPageOperation } from "../../src/adapters/cms/operations";
import type { Block } from "../../src/domain/content";
import { uploadsIn } from "../../src/services/content/media-access";
import { image } from "../fixtures/cms-shapes";

const MEDIA_URL = "https://media.guildhall.example";

/** An upload as the S3 provider describes it: absolute URLs under the bucket's public address. */
const inBucket = (name: string, base = MEDIA_URL) =>
  image(name, {
    url: `${base}/${name}`,
    formats: { small: { url: `${base}/small_${name}`, width: 500, height: 333 } },
  });

const page = (blocks: unknown[]) => ({
  generalPages_connection: {
    data: [{ id: "1", attributes: { title: "Media", slug: "media", type: "Root", authenticatedOnly: false, membersOnly: true, seo: null, blocks } }],
  },
});

async function mapped(blocks: unknown[], mediaUrl: string | null) {
  const client = createCmsClient({
    graphqlUrl: "http://cms.test/graphql",
    token: "test-token-0123456789",
    timeoutMs: 1000,
    mediaUrl,
    fetch: async () => Response.json({ data: page(blocks) }),
  });
  const result = await client.run(generalPageOperation, { type: "Root", slug: "media" });
  return result!.blocks;
}

const imageOf = (block: Block | undefined) => (block?.kind === "image" || block?.kind === "text-with-image" ? block.image : undefined);
const imageBlock = (media: unknown) => ({ __typename: "ComponentBlocksImage", id: "1", caption: null, image: media });
/** A block whose image is optional, so a refused one leaves the block in place. */
const textWithImage = (media: unknown) => ({ __typename: "ComponentBlocksTextWithImage", id: "2", content: "Beside", imagePosition: "left", image: media });

afterEach(() => vi.restoreAllMocks());

/** Runs `body` expecting one `cms.media_refused` warning per refused URL. */
async function expectRefused(urls: string[], body: () => Promise<void>) {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  await body();
  const refused = warn.mock.calls.map(([line]) => JSON.parse(String(line)) as { event: string; url: string });
  expect(refused.map((entry) => [entry.event, entry.url])).toEqual(urls.map((url) => ["cms.media_refused", url]));
}

describe("media URLs from the CMS", () => {
  it("keeps the local provider's /uploads/<file> as it is, with or without CMS_MEDIA_URL", async () => {
    for (const mediaUrl of [null, MEDIA_URL]) {
      const [block] = await mapped([imageBlock(image("hero_0123456789.jpg"))], mediaUrl);
      expect(imageOf(block)?.url).toBe("/uploads/hero_0123456789.jpg");
    }
  });

  it("turns the object store's <CMS_MEDIA_URL>/<file> into /uploads/<file>, renditions too", async () => {
    const [block] = await mapped([imageBlock(inBucket("hero_0123456789.jpg"))], MEDIA_URL);
    expect(imageOf(block)).toMatchObject({
      url: "/uploads/hero_0123456789.jpg",
      formats: [{ name: "small", url: "/uploads/small_hero_0123456789.jpg", width: 500 }],
    });
  });

  it("reads a CMS_MEDIA_URL with a folder the same way", async () => {
    const base = `${MEDIA_URL}/guildhall`;
    const [block] = await mapped([imageBlock(inBucket("hero_0123456789.jpg", base))], base);
    expect(imageOf(block)?.url).toBe("/uploads/hero_0123456789.jpg");
  });

  it("turns links and images to the object store in rich text into site paths, so gated files stay gated", async () => {
    const content = `![Diagram](${MEDIA_URL}/diagram_0123456789.png)\n\n[The guide](${MEDIA_URL}/guide_abcdef0123.pdf)`;
    const blocks = await mapped([{ __typename: "ComponentBlocksText", id: "1", content }], MEDIA_URL);
    const html = blocks[0]?.kind === "text" ? blocks[0].content.html : "";
    expect(html).toContain('src="/uploads/diagram_0123456789.png"');
    expect(html).toContain('href="/uploads/guide_abcdef0123.pdf"');
    expect(html).not.toContain(MEDIA_URL);
    expect([...uploadsIn(blocks)].sort()).toEqual(["diagram_0123456789.png", "guide_abcdef0123.pdf"]);
  });

  it.each([
    ["another host", "https://images.elsewhere.example"],
    ["a host that only starts like the media host", `${MEDIA_URL}.elsewhere.example`],
    ["plain http on the media host", MEDIA_URL.replace("https:", "http:")],
  ])("refuses an upload on %s: the field is empty, and a warning names the URL", async (_what, base) => {
    await expectRefused([`${base}/hero_0123456789.jpg`], async () => {
      const [block] = await mapped([textWithImage(inBucket("hero_0123456789.jpg", base))], MEDIA_URL);
      expect(block).toMatchObject({ kind: "text-with-image", image: null });
    });
  });

  it("refuses a deeper path under the media host (not an upload's name)", async () => {
    await expectRefused([`${MEDIA_URL}/private/x.jpg`], async () => {
      const [block] = await mapped([textWithImage(image("x.jpg", { url: `${MEDIA_URL}/private/x.jpg` }))], MEDIA_URL);
      expect(imageOf(block)).toBeNull();
    });
  });

  it("refuses object-store URLs when CMS_MEDIA_URL is not set", async () => {
    await expectRefused([`${MEDIA_URL}/hero_0123456789.jpg`], async () => {
      const [block] = await mapped([textWithImage(inBucket("hero_0123456789.jpg"))], null);
      expect(imageOf(block)).toBeNull();
    });
  });

  it("drops a rendition on another host but keeps the file", async () => {
    const mixed = image("hero_0123456789.jpg", {
      formats: {
        small: { url: "/uploads/small_hero_0123456789.jpg", width: 500, height: 333 },
        large: { url: "https://images.elsewhere.example/large_hero.jpg", width: 1000, height: 666 },
      },
    });
    const [block] = await mapped([imageBlock(mixed)], MEDIA_URL);
    expect(imageOf(block)?.formats.map((f) => f.url)).toEqual(["/uploads/small_hero_0123456789.jpg"]);
  });
});
