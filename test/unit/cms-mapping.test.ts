import { afterEach, describe, expect, it, vi } from "vitest";
import { parseBlocks } from "../../src/adapters/cms/blocks";
import { CmsError } from "../../src/adapters/cms/operation";
import {
  allGeneralPageSlugsOperation,
  footerOperation,
  generalPageOperation,
  homepageOperation,
  joinPageOperation,
  navigationOperation,
  sidebarOperation,
  webinarsOperation,
} from "../../src/adapters/cms/operations";
import { fileTypeOf } from "../../src/adapters/cms/schemas";
import { BLOCK_KINDS } from "../../src/domain/content";
import { everyBlock, image, many, manyPaged, one, page, webinar } from "../fixtures/cms-shapes";

afterEach(() => vi.restoreAllMocks());

describe("blocks", () => {
  it("maps every block kind with its fields", () => {
    const blocks = parseBlocks(everyBlock(), "test");
    expect(blocks.map((b) => b.kind)).toEqual([...BLOCK_KINDS]);
    expect(blocks[3]).toMatchObject({ kind: "button", title: "Join us", internalLink: { type: "Root", slug: "join-us" } });
    expect(blocks[5]).toMatchObject({ kind: "webinars-list", webinars: [{ slug: "a", memberPrice: 25, durationMinutes: 90 }] });
    expect(blocks[8]).toMatchObject({ kind: "membership-settings", halfOffCouponId: "coupon_half", membership: { slug: "full-member" } });
  });

  it("skips and logs an unknown block kind without failing the page", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const blocks = parseBlocks([{ __typename: "ComponentBlocksCarousel", id: "1" }, ...everyBlock().slice(0, 1)], "page:x");
    expect(blocks).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"event":"cms.block_unknown"'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("ComponentBlocksCarousel"));
  });

  it("skips and logs a malformed block", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const blocks = parseBlocks([{ __typename: "ComponentBlocksButton", id: "1", title: 42 }], "page:x");
    expect(blocks).toEqual([]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('"event":"cms.block_invalid"'));
  });

  it("tolerates missing optional fields", () => {
    const [block] = parseBlocks([{ __typename: "ComponentBlocksHeroBanner", id: 7, title: "Only a title" }], "x");
    expect(block).toEqual({
      kind: "hero-banner",
      id: "7",
      preTitle: null,
      title: "Only a title",
      subtitle: null,
      callToAction: null,
      image: null,
    });
  });
});

describe("media file types", () => {
  it.each([
    [".jpg", null, "jpg"],
    [".JPEG", null, "jpg"],
    [".png", null, "png"],
    [".svg", null, "svg"],
    [null, "image/svg+xml", "svg"],
    [".pdf", "application/pdf", "other"],
  ])("%s / %s -> %s", (ext, mime, type) => {
    expect(fileTypeOf(ext, mime)).toBe(type);
  });
});

describe("operations", () => {
  it("homepage maps seo and blocks", () => {
    const result = homepageOperation.parse(
      { homepage: one({ seo: { metaTitle: "Home", metaDescription: "Welcome", shareImage: image() }, blocks: everyBlock() }) },
      {},
    );
    expect(result?.seo?.metaTitle).toBe("Home");
    expect(result?.blocks).toHaveLength(11);
  });

  it("a single type that has no entry yet maps to empty data", () => {
    expect(navigationOperation.parse({ navigation: { data: null } }, {})).toEqual({ navLinkItems: [] });
    expect(footerOperation.parse({ footer: null }, {}).links).toEqual([]);
    expect(joinPageOperation.parse({ joinPage: { data: null } }, {})).toBeNull();
  });

  it("sidebar maps all five groups with link and dropdown items, skipping bad items", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const sidebar = sidebarOperation.parse(
      {
        sidebar: one({
          patients: [
            { __typename: "ComponentSidebarLink", title: "Advice", page: page("Patients", "advice") },
            { __typename: "ComponentSidebarDropdown", title: "Conditions", pages: many([{ title: "Back", slug: "back", type: "Patients" }]) },
            { __typename: "ComponentSidebarLink", title: "" },
          ],
          professionals: [],
          userSettings: null,
          webinars: [],
          root: [],
        }),
      },
      {},
    );
    expect(Object.keys(sidebar)).toEqual(["patients", "professionals", "userSettings", "webinars", "root"]);
    expect(sidebar.patients).toEqual([
      { kind: "link", title: "Advice", page: { title: "A page", slug: "advice", type: "Patients", id: "1" } },
      { kind: "dropdown", title: "Conditions", pages: [{ title: "Back", slug: "back", type: "Patients", id: "1" }] },
    ]);
    expect(sidebar.userSettings).toEqual([]);
  });

  it("navigation maps items with child pages", () => {
    const nav = navigationOperation.parse(
      {
        navigation: one({
          navLinkItems: [{ label: "Patients", page: page("Patients", "advice"), childPages: many([{ title: "Back", slug: "back", type: "Patients" }]) }],
        }),
      },
      {},
    );
    expect(nav.navLinkItems[0]).toMatchObject({ label: "Patients", childPages: [{ slug: "back" }] });
  });

  it("general page maps flags, dates and blocks; an empty result is null", () => {
    const entity = {
      id: "9",
      attributes: {
        title: "Members area",
        slug: "members",
        type: "Professionals",
        authenticatedOnly: null,
        membersOnly: true,
        createdAt: "2026-01-01T00:00:00.000Z",
        publishedAt: "2026-01-02T00:00:00.000Z",
        updatedAt: "2026-01-03T00:00:00.000Z",
        seo: null,
        blocks: everyBlock().slice(0, 2),
      },
    };
    const result = generalPageOperation.parse({ generalPages_connection: { data: [entity] } }, { type: "Professionals", slug: "members" });
    expect(result).toMatchObject({ id: "9", authenticatedOnly: false, membersOnly: true, blocks: [{ kind: "text" }, { kind: "text-with-image" }] });
    expect(generalPageOperation.parse({ generalPages_connection: { data: [] } }, { type: "Root", slug: "x" })).toBeNull();
  });

  it("page slugs keep the access flags the sitemap needs", () => {
    const { items: slugs } = allGeneralPageSlugsOperation.parse(
      { generalPages_connection: manyPaged([{ slug: "about", type: "Root", authenticatedOnly: false, membersOnly: null, updatedAt: null }]) },
      { page: 1, pageSize: 1000 },
    );
    expect(slugs).toEqual([{ slug: "about", type: "Root", authenticatedOnly: false, membersOnly: false, updatedAt: null }]);
  });

  it("webinars keep their private links apart from the public fields", () => {
    const {
      items: [w],
    } = webinarsOperation.parse(
      { webinars_connection: manyPaged([{ ...webinar("a"), description: "About", zoomUrl: "https://zoom.example/j/1", vimeoUrl: null, vimeoPlaylist: "" }]) },
      { page: 1, pageSize: 100 },
    );
    expect(w).toMatchObject({ slug: "a", defaultPrice: 45, memberPrice: 25, access: { zoomUrl: "https://zoom.example/j/1", vimeoUrl: null, vimeoPlaylist: null } });
    expect(w).not.toHaveProperty("zoomUrl");
  });

  it("a malformed collection response is a clear CmsError naming the operation", () => {
    expect(() => webinarsOperation.parse({ webinars_connection: manyPaged([{ ...webinar("a"), date: "next tuesday" }]) }, { page: 1, pageSize: 100 })).toThrow(CmsError);
    try {
      webinarsOperation.parse({ webinars_connection: { data: "nope" } }, { page: 1, pageSize: 100 });
    } catch (error) {
      expect((error as CmsError).message).toContain("webinars");
      expect((error as CmsError).kind).toBe("invalid");
    }
  });
});
