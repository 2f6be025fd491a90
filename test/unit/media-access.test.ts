import { describe, expect, it } from "vitest";
import type { Block, GeneralPage } from "../../src/domain/content";
import { loadGatedMedia, mediaAccess, uploadsIn, type GatedMedia, type MediaSources } from "../../src/services/content/media-access";
import { articles, bundles, everyBlock, generalPage, homepage, images, joinPage, layout, md, media, memberships, webinars } from "../fixtures/domain";

const members = media("members-chart.jpg", 1200, 800);
const guide = media("members-guide.pdf", null, null);
const signedIn = media("account-help.png", 600, 400);

const membersPage = (blocks: Block[], overrides: Partial<GeneralPage> = {}) =>
  generalPage({ id: "m", slug: "cpd", title: "CPD", membersOnly: true, authenticatedOnly: true, blocks, ...overrides });

/** The demo content with extra general pages. */
function sources(pages: GeneralPage[], overrides: Partial<MediaSources> = {}) {
  const content: MediaSources = {
    allGeneralPages: async () => [generalPage(), ...pages],
    homepage: async () => homepage(),
    layout: async () => layout(),
    allArticles: async () => articles(),
    webinars: async () => webinars(),
    webinarBundles: async () => bundles(),
    memberships: async () => memberships(),
    joinPage: async () => joinPage(),
    ...overrides,
  };
  return { content };
}

describe("uploadsIn", () => {
  it("finds a media file with its renditions, and uploads linked or shown in rich text", () => {
    const text = md(`See [the guide](/uploads/members-guide.pdf) and ![chart](https://cms.example/uploads/members-table.png).`);
    expect([...uploadsIn([members, text])].sort()).toEqual(
      ["large_members-chart.jpg", "medium_members-chart.jpg", "members-chart.jpg", "members-guide.pdf", "members-table.png", "small_members-chart.jpg", "thumbnail_members-chart.jpg"].sort(),
    );
  });
});

describe("the index of gated files", () => {
  it("holds every file a members-only page's blocks use, in every kind of block and in its rich text", async () => {
    const blocks: Block[] = [
      { kind: "image", id: "1", image: members, caption: null },
      { kind: "text-with-image", id: "2", content: md("Members' notes"), image: media("members-side.jpg", 800, 500), imagePosition: "left" },
      { kind: "card-list", id: "3", title: null, cardBlocks: [{ title: "Card", bottomLinkText: null, content: null, generalPage: null, image: media("members-card.png", 400, 300) }] },
      { kind: "flipbook", id: "4", subjectTitle: "Guide", flipbookLink: null, file: guide },
      { kind: "large-cards", id: "5", title: null, cards: [{ title: "Large", subtitle: null, link: null, image: media("members-large.svg", null, null) }] },
      { kind: "text", id: "6", content: md('Download the <a href="/uploads/members-template.docx.pdf">template</a>.') },
    ];
    const { content } = sources([membersPage(blocks)]);
    const gated = await loadGatedMedia(content);
    for (const file of ["members-chart.jpg", "small_members-chart.jpg", "members-side.jpg", "members-card.png", "members-guide.pdf", "members-large.svg", "members-template.docx.pdf"]) {
      expect(gated[file], file).toBe("members");
    }
  });

  it("lets signed-in users have a file that any authenticatedOnly page uses, even if a members-only page uses it too", async () => {
    const account = generalPage({ id: "a", slug: "account-help", authenticatedOnly: true, blocks: [{ kind: "image", id: "1", image: signedIn, caption: null }] });
    const { content } = sources([membersPage([{ kind: "image", id: "1", image: signedIn, caption: null }]), account]);
    expect((await loadGatedMedia(content))["account-help.png"]).toBe("signed-in");
  });

  it("leaves public every file also used anywhere public: a public page, the home page, an article's body, a webinar, the layout, an SEO image", async () => {
    const figure = media("research-figure.png", 800, 600);
    const withFigure = articles().map((a, i) => (i === 1 ? { ...a, blocks: [...a.blocks, { kind: "image" as const, id: "x", image: figure, caption: null }] } : a));
    const image = (m: typeof members, id: string): Block => ({ kind: "image", id, caption: null, image: m });
    const report = generalPage({ id: "r", slug: "annual-review", blocks: everyBlock().filter((b) => b.kind === "flipbook") });
    const usedPublicly = [images.annualReview, images.patients, figure, images.webinarDefault, images.favicon, images.share];
    const { content } = sources([report, membersPage([...usedPublicly.map((m, i) => image(m, String(i))), image(members, "m")])], {
      allArticles: async () => withFigure,
    });
    expect(await loadGatedMedia(content)).toEqual(Object.fromEntries([...uploadsIn(members)].map((file) => [file, "members"])));
  });

  it("treats a gated page's SEO image as public", async () => {
    const share = media("cpd-share.jpg", 1200, 630);
    const { content } = sources([membersPage([{ kind: "image", id: "1", image: share, caption: null }], { seo: { metaTitle: null, metaDescription: null, shareImage: share } })]);
    expect(await loadGatedMedia(content)).toEqual({});
  });
});

describe("mediaAccess", () => {
  const gated: GatedMedia = { "members-guide.pdf": "members", "account-help.png": "signed-in" };
  const content = { ...sources([]).content, derived: async <T>() => gated as T };
  const visitor = { signedIn: false, isMember: async () => false };
  const user = { signedIn: true, isMember: async () => false };
  const member = { signedIn: true, isMember: async () => true };

  it.each([
    ["a public file", "hero-home.jpg", [visitor, user, member], "public"],
    ["a members-only file, for a visitor", "members-guide.pdf", [visitor], "hidden"],
    ["a members-only file, for a signed-in non-member", "members-guide.pdf", [user], "forbidden"],
    ["a members-only file, for a member", "members-guide.pdf", [member], "private"],
    ["a signed-in file, for a visitor", "account-help.png", [visitor], "hidden"],
    ["a signed-in file, for anyone signed in", "account-help.png", [user, member], "private"],
    ["a name that is a property of every object", "constructor", [visitor], "public"],
  ] as const)("%s", async (_name, file, viewers, expected) => {
    for (const viewer of viewers) expect(await mediaAccess(content, file, viewer)).toBe(expected);
  });
});
