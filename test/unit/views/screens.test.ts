import { describe, expect, it } from "vitest";
import { ArticleContent } from "../../../src/views/pages/article-content";
import { ArticleListContent } from "../../../src/views/pages/article-list-content";
import { BundleContent } from "../../../src/views/pages/bundle-content";
import { BundleListContent } from "../../../src/views/pages/bundle-list-content";
import { ErrorContent } from "../../../src/views/pages/error-content";
import { ErrorPage } from "../../../src/views/pages/error-page";
import { GeneralPageContent } from "../../../src/views/pages/general-page-content";
import { HomeContent } from "../../../src/views/pages/home-content";
import { JoinContent } from "../../../src/views/pages/join-content";
import { MembershipListContent } from "../../../src/views/pages/membership-list-content";
import { NotFoundContent } from "../../../src/views/pages/not-found-content";
import { WebinarContent } from "../../../src/views/pages/webinar-content";
import { WebinarListContent } from "../../../src/views/pages/webinar-list-content";
import type { Buyer } from "../../../src/domain/buyer";
import * as f from "../../fixtures/domain";
import { one, render, select, squash } from "./render";

const [upcoming, live, memberFree, freeForAll, archived] = f.webinars();
const visitor: Buyer = { viewer: "visitor", userId: null, owned: new Set() };
const member: Buyer = { viewer: "member", userId: "member-1", owned: new Set() };

const headings = async (html: string) => (await select(html, "h1, h2, h3")).map((el) => squash(el.text));


/** Access as the route grants it to someone without the webinar (services/orders/webinar-access). */
const NOT_ENTITLED = { access: { kind: "not-entitled" } as const, signedIn: false };

describe("screens", () => {
  it("home: blocks in order, the opening hero is the one h1", async () => {
    const html = await render(HomeContent, { homepage: f.homepage(), ctx: f.blockContext() });
    expect((await select(html, "h1")).map((el) => el.text)).toEqual(["Movement, care and a community behind you"]);
    expect((await select(html, "[data-block]")).map((el) => el.attrs["data-block"])).toEqual([
      "hero-banner",
      "text",
      "large-cards",
      "webinars-list",
      "card-list",
      "button",
    ]);
  });

  it("home: the site name is a (visually hidden) h1 when no hero opens the page", async () => {
    const html = await render(HomeContent, { homepage: { seo: null, blocks: f.homepage().blocks.slice(1) }, ctx: f.blockContext() });
    expect(await one(html, "h1.visually-hidden")).toMatchObject({ text: "Guildhall" });
    expect(await select(html, "h1")).toHaveLength(1);
  });

  it("home: renders with no homepage content at all", async () => {
    const html = await render(HomeContent, { homepage: null, ctx: f.blockContext() });
    expect((await one(html, "h1")).text).toBe("Guildhall");
  });

  it("general page: the title as h1 then its blocks as mapped (a repeated title already dropped)", async () => {
    const content = f.md("## Privacy policy\n\nWe collect only what we need.", { pageTitle: "Privacy policy" });
    const page = f.generalPage({ title: "Privacy policy", blocks: [{ kind: "text", id: "1", content }] });
    const html = await render(GeneralPageContent, { page, ctx: f.blockContext() });
    expect(await headings(html)).toEqual(["Privacy policy"]);
    expect(squash((await one(html, '[data-block="text"]')).text)).toBe("We collect only what we need.");
  });

  it("general page: every block kind renders inside it", async () => {
    const html = await render(GeneralPageContent, { page: f.generalPage({ blocks: f.everyBlock() }), ctx: f.blockContext() });
    expect(await select(html, "[data-block]")).toHaveLength(11);
    expect(await select(html, "h1")).toHaveLength(1);
  });

  it("article list: in the CMS's order (newest first), each with its link, date, summary and image, and no page links for one page", async () => {
    const newestFirst = [...f.articles()].sort((a, b) => (b.publishedAt ?? "").localeCompare(a.publishedAt ?? ""));
    const html = await render(ArticleListContent, { list: { articles: newestFirst, page: 1, pageCount: 1, total: 3 }, site: f.site() });
    expect((await select(html, ".article-teaser h2 a")).map((a) => a.attrs.href)).toEqual([
      "/articles/highlights-from-the-autumn-conference",
      "/articles/five-myths-about-back-pain",
      "/articles/research-round-up-exercise-for-older-adults",
    ]);
    expect((await select(html, ".article-teaser time"))[0]!.attrs.datetime).toBe("2026-11-02T08:00:00.000Z");
    expect(await select(html, ".article-teaser img")).toHaveLength(3);
    expect(squash(html)).toContain("one very long queue for coffee");
    expect(await select(html, "nav.pagination")).toHaveLength(0);
  });

  it("article list: a middle page links to the pages either side, the first and the last", async () => {
    const html = await render(ArticleListContent, { list: { articles: f.articles(), page: 4, pageCount: 9, total: 175 }, site: f.site() });
    const nav = await one(html, 'nav.pagination[aria-label="Pages of articles"]');
    expect(squash(nav.text)).toContain("Page 4 of 9");
    const links = (await select(html, "nav.pagination a")).map((a) => [squash(a.text), a.attrs.href]);
    expect(links).toEqual([
      ["Previous page", "/articles?page=3"],
      ["1", "/articles"],
      ["3", "/articles?page=3"],
      ["4", "/articles?page=4"],
      ["5", "/articles?page=5"],
      ["9", "/articles?page=9"],
      ["Next page", "/articles?page=5"],
    ]);
    expect((await one(html, 'nav.pagination a[aria-current="page"]')).text).toBe("4");
  });

  it("article: title, published date, summary, priority image and blocks", async () => {
    const [article] = f.articles();
    const html = await render(ArticleContent, { article: article!, ctx: f.blockContext() });
    expect((await one(html, "h1")).text).toBe("Five myths about back pain");
    expect(squash((await one(html, ".page-header .meta")).text)).toBe("Published 14 October 2026");
    expect((await one(html, ".article__image img")).attrs.loading).toBe("eager");
    expect((await select(html, "[data-block]")).map((el) => el.attrs["data-block"])).toEqual(["text", "image", "button"]);
    expect((await one(html, 'nav[aria-label="Breadcrumb"] a')).attrs.href).toBe("/articles");
  });

  it("webinar list: upcoming soonest first, bundles, then past webinars latest first, priced for a visitor", async () => {
    const html = await render(WebinarListContent, { webinars: f.webinars(), bundles: f.bundles(), buyer: visitor, now: f.NOW });
    expect((await select(html, "h2")).map((el) => el.text)).toEqual(["Upcoming webinars", "Save with a bundle", "Past webinars"]);
    const cards = await select(html, ".webinar-card");
    expect(cards).toHaveLength(7);
    const first = squash(cards[0]!.text);
    expect(first).toContain("Live now");
    expect(first).toContain("Fri, 20 Nov 2026, 11:40–12:40 GMT");
    expect(first).toContain("Price £30.00");
    expect(first).toContain("Members £15.00 Join the Guild");
    expect(squash(cards[1]!.text)).toContain("Free Introduction to Clinical Reasoning");
    expect(squash(cards[1]!.text)).toContain("Price Free Free — sign in to watch");
    expect(squash(cards[2]!.text)).toMatch(/^Free for members Pelvic Health Essentials .* Price £45.00 Members Free Join the Guild/);
    expect(squash(cards[2]!.text)).toContain("Part of Spring Clinical Skills Bundle");
    expect(squash(cards[5]!.text)).toContain("Recording");
    expect((await select(html, ".bundle-card .badge")).map((b) => b.text)).toEqual(["Save £25.00", "Save £15.00"]);
    expect((await select(html, ".bundle-card .price-list")).map((el) => el.text)).toEqual([
      "Bundle price £100.00 Members £48.00 Join the Guild",
      "Bundle price £80.00 Members £40.00 Join the Guild",
    ]);
  });

  it("webinar list: a member sees member prices and member-free webinars, with no invitation to join", async () => {
    const html = await render(WebinarListContent, { webinars: f.webinars(), bundles: f.bundles(), buyer: member, now: f.NOW });
    const cards = (await select(html, ".webinar-card")).map((card) => squash(card.text));
    expect(cards[0]).toContain("Member price £15.00");
    expect(cards[2]).toMatch(/^Free for members Pelvic Health Essentials .* Price Free for members Free — no purchase needed/);
    expect(cards[4]).toContain("Ethics and Professional Boundaries");
    expect(cards[4]).toContain("Price £35.00");
    expect(html).not.toContain('href="/join"');
    expect((await select(html, ".bundle-card .price-list")).map((el) => el.text)).toEqual(["Bundle price £48.00", "Bundle price £40.00"]);
  });

  it("webinar cards: Add to cart is a GET form to /cart, or the reason it cannot be bought", async () => {
    const owner: Buyer = { viewer: "user", userId: "user-1", owned: new Set(["back_pain"]) };
    const html = await render(WebinarListContent, { webinars: f.webinars(), bundles: f.bundles(), buyer: owner, now: f.NOW });
    const forms = await select(html, "form.add-to-cart");
    expect(forms.every((form) => form.attrs.method === "get" && form.attrs.action === "/cart")).toBe(true);
    expect((await select(html, "form.add-to-cart input")).map((input) => [input.attrs.type, input.attrs.name, input.attrs.value])).toEqual([
      ["hidden", "add", "webinar:running_qa"],
      ["hidden", "add", "webinar:pelvic_health"],
      ["hidden", "add", "webinar:ethics"],
      ["hidden", "add", "bundle:1"],
      ["hidden", "add", "bundle:2"],
      ["hidden", "add", "webinar:older_adults"],
      ["hidden", "add", "webinar:sports_series"],
    ]);
    expect((await select(html, "form.add-to-cart button")).map((b) => b.text)[0]).toBe("Add to cart: Live Q&A: Returning to Running After Injury");
    expect((await select(html, ".add-to-cart--unavailable")).map((p) => p.text)).toEqual(["Free — no purchase needed", "You have this webinar"]);
    const pelvic = (await select(html, "form.add-to-cart")).find((form) => form.attrs["data-covered-by"] !== undefined);
    expect(pelvic?.attrs["data-covered-by"]).toBe("1");
    expect((await select(html, "form.add-to-cart[data-bundle-webinars]")).map((form) => form.attrs["data-bundle-webinars"])).toEqual([
      "back_pain pelvic_health ethics",
      "older_adults sports_series",
    ]);
    expect(squash((await select(html, ".webinar-card"))[3]!.text)).toMatch(/^You have this webinar Managing Persistent Low Back Pain/);
  });

  it("webinar: date, duration, this viewer's price, what members pay, and every free and archive date", async () => {
    const html = await render(WebinarContent, { webinar: memberFree!, buyer: visitor, now: f.NOW, ...NOT_ENTITLED });
    expect((await one(html, "h1")).text).toBe("Pelvic Health Essentials");
    const rows = (await select(html, ".facts__row")).map((row) => squash(row.text));
    expect(rows).toEqual([
      "Date Monday, 30 November 2026",
      "Time 18:00–19:15 GMT (UK time)",
      "Duration 1 hour 15 minutes",
      "Price £45.00",
      "Members Free Join the Guild",
      "Free for members Since 18 November 2026",
      "Archive Moves to the archive on 30 December 2026",
      "Archive for members Moves to the members’ archive on 28 February 2027",
      "Bundle Spring Clinical Skills Bundle",
    ]);
    expect((await one(html, 'form.add-to-cart input[name="add"]')).attrs.value).toBe("webinar:pelvic_health");
    expect((await one(html, "section#webinar-access h2")).text).toBe("How to attend");
    const forMember = await render(WebinarContent, { webinar: memberFree!, buyer: member, now: f.NOW, ...NOT_ENTITLED });
    expect((await select(forMember, ".facts__row")).map((row) => squash(row.text))).toContain("Price Free for members");
    expect(await select(forMember, "form.add-to-cart")).toHaveLength(0);
    expect((await one(forMember, ".add-to-cart--unavailable")).text).toBe("Free — no purchase needed");
  });

  it("webinar: free for everyone, one price for all, and a past webinar's recording", async () => {
    const free = await render(WebinarContent, { webinar: freeForAll!, buyer: visitor, now: f.NOW, ...NOT_ENTITLED });
    expect((await select(free, ".facts__row")).map((r) => squash(r.text))).toEqual(expect.arrayContaining(["Price Free", "Free for everyone Since 13 November 2026"]));
    expect(squash((await one(free, ".badges")).text)).toBe("Free");
    expect((await one(free, ".add-to-cart--unavailable")).text).toBe("Free — sign in to watch");
    const [, , , , , , ethics] = f.webinars();
    const single = await render(WebinarContent, { webinar: ethics!, buyer: visitor, now: f.NOW, ...NOT_ENTITLED });
    const singleRows = (await select(single, ".facts__row")).map((r) => squash(r.text));
    expect(singleRows).toContain("Price £35.00");
    expect(singleRows.filter((row) => row.startsWith("Members"))).toEqual([]);
    const past = await render(WebinarContent, { webinar: archived!, buyer: visitor, now: f.NOW, ...NOT_ENTITLED });
    expect((await one(past, "section#webinar-access h2")).text).toBe("How to watch");
    expect(squash((await one(past, ".badges")).text)).toBe("Recording");
    const owned = await render(WebinarContent, { webinar: archived!, buyer: { viewer: "member", userId: "member-1", owned: new Set([archived!.id]) }, now: f.NOW, ...NOT_ENTITLED });
    expect(squash((await one(owned, ".badges")).text)).toBe("Recording You have this webinar");
    expect((await one(owned, ".add-to-cart--unavailable")).text).toBe("You have this webinar");
    expect((await select(owned, ".facts__row")).map((r) => squash(r.text)).filter((row) => row.startsWith("Price"))).toEqual([]);
  });

  it("shows the links only inside access the route granted: joining live (a form that records attendance), or the recording's player", async () => {
    const live = await render(WebinarContent, { webinar: upcoming!, buyer: member, now: f.NOW, access: { kind: "live", zoomUrl: "https://zoom.example/j/1", startsAt: new Date(upcoming!.date) }, signedIn: true, csrfToken: "token-1" });
    const join = await one(live, "#webinar-access form");
    expect(join.attrs).toMatchObject({ method: "post", action: `/webinars/${upcoming!.slug}/join` });
    expect((await one(live, "#webinar-access form input[name=csrfToken]")).attrs.value).toBe("token-1");
    // The Zoom address itself is only in the join route's redirect, never on the page.
    expect(live).not.toContain("zoom.example");
    const recording = await render(WebinarContent, {
      webinar: archived!,
      buyer: member,
      now: f.NOW,
      access: { kind: "recording", embedUrl: "https://player.vimeo.com/video/123456789?dnt=1", watchUrl: "https://vimeo.com/123456789", playlistUrl: null },
      signedIn: true,
    });
    expect((await one(recording, "#webinar-access iframe")).attrs.src).toBe("https://player.vimeo.com/video/123456789?dnt=1");
    expect((await one(recording, "#webinar-access iframe")).attrs.title).toBe(`Recording: ${archived!.name}`);
    const visitorPanel = await render(WebinarContent, { webinar: upcoming!, buyer: visitor, now: f.NOW, ...NOT_ENTITLED });
    expect((await one(visitorPanel, "#webinar-access a")).attrs.href).toBe(`/login?callbackUrl=${encodeURIComponent(`/webinars/${upcoming!.slug}`)}`);
  });

  it("never renders a webinar's live or recording links, on any screen", async () => {
    const screens = await Promise.all([
      render(WebinarListContent, { webinars: f.webinars(), bundles: f.bundles(), buyer: visitor, now: f.NOW }),
      ...f.webinars().map((webinar) => render(WebinarContent, { webinar, buyer: visitor, now: f.NOW, ...NOT_ENTITLED })),
      ...f.bundles().map((bundle) => render(BundleContent, { bundle, buyer: visitor, now: f.NOW })),
      render(BundleListContent, { bundles: f.bundles(), buyer: visitor, now: f.NOW }),
      render(HomeContent, { homepage: f.homepage(), ctx: f.blockContext() }),
      render(GeneralPageContent, { page: f.generalPage({ blocks: f.everyBlock() }), ctx: f.blockContext() }),
    ]);
    for (const html of screens) {
      for (const url of f.ACCESS_URLS) expect(html).not.toContain(url);
      expect(html).not.toMatch(/zoom\.example|vimeo\.example/);
    }
    expect(upcoming && live).toBeTruthy();
  });

  it("bundle list and bundle: the saving and price for this viewer, Add to cart, and the bundle's webinars", async () => {
    const list = await render(BundleListContent, { bundles: f.bundles(), buyer: visitor, now: f.NOW });
    expect((await select(list, ".bundle-card h2 a")).map((a) => a.attrs.href)).toEqual([
      "/webinars/bundles/spring-clinical-skills",
      "/webinars/bundles/recorded-masterclass-collection",
    ]);
    const [percent, amount] = f.bundles();
    const one20 = await render(BundleContent, { bundle: percent!, buyer: visitor, now: f.NOW });
    expect(squash((await one(one20, ".callout")).text)).toBe("Save £25.00 when you book these 3 webinars together as a bundle.");
    expect((await one(one20, ".bundle-buy .price-list")).text).toBe("Bundle price £100.00 Members £48.00 Join the Guild");
    expect((await one(one20, '.bundle-buy form.add-to-cart input[name="add"]')).attrs.value).toBe("bundle:1");
    expect(await select(one20, ".webinar-card")).toHaveLength(3);
    const one15 = await render(BundleContent, { bundle: amount!, buyer: visitor, now: f.NOW });
    expect(squash((await one(one15, ".callout")).text)).toContain("Save £15.00");
    // A member who owns one of the recordings pays for the other, less the £15.00.
    const owner = await render(BundleContent, { bundle: amount!, buyer: { viewer: "member", userId: "member-1", owned: new Set(["older_adults"]) }, now: f.NOW });
    expect((await one(owner, ".bundle-buy .price-list")).text).toBe("Bundle price £20.00");
    const all = await render(BundleContent, { bundle: amount!, buyer: { viewer: "user", userId: "user-1", owned: new Set(["older_adults", "sports_series"]) }, now: f.NOW });
    expect((await one(all, ".bundle-buy .add-to-cart--unavailable")).text).toBe("You have every webinar in this bundle");
  });

  it("memberships: each tier's fees, description, join link and information page", async () => {
    const html = await render(MembershipListContent, { memberships: f.memberships() });
    expect((await select(html, ".membership-card h2")).map((el) => el.text)).toEqual(["Full member", "Associate member"]);
    expect((await select(html, ".membership-card .button")).map((a) => [a.text, a.attrs.href])).toEqual([
      ["Join as a Full member", "/join?membership=full-member"],
      ["Join as an Associate member", "/join?membership=associate-member"],
    ]);
    expect((await select(html, ".membership-card .text-link")).map((a) => a.attrs.href)).toEqual([
      "/professionals/join-full-member",
      "/professionals/join-associate-member",
    ]);
    expect(squash(html)).toContain("£95.00");
  });

  it("join: intro, the six sections, terms and privacy links, and the reserved form region", async () => {
    const html = await render(JoinContent, { joinPage: f.joinPage(), memberships: f.memberships() });
    expect((await one(html, "h1")).text).toBe("Join the Guild");
    expect(squash((await one(html, ".join-intro")).text)).toMatch(/^It takes about ten minutes/);
    expect((await select(html, ".steps__title")).map((el) => el.text)).toEqual([
      "Your details",
      "Address",
      "Professional details",
      "Membership",
      "Your account",
      "Declaration",
    ]);
    expect(squash(html)).toContain("We never share your address.");
    expect(squash(html)).toContain("Musculoskeletal, Neurology");
    expect((await select(html, 'section[aria-labelledby="join-terms"] a')).map((a) => a.attrs.href)).toEqual(["/terms", "/privacy-policy"]);
    expect(squash((await one(html, "section#join-form")).text)).toContain("Online joining opens soon");
  });

  it("not found and error content have their own h1 and a way home", async () => {
    const missing = await render(NotFoundContent, {});
    expect((await one(missing, "h1")).text).toBe("Page not found");
    expect((await select(missing, "a")).map((a) => a.attrs.href)).toContain("/");
    const failed = await render(ErrorContent, { status: 503 });
    expect((await one(failed, "h1")).text).toBe("We'll be back shortly");
    expect((await one(await render(ErrorContent, { status: 500 }), "h1")).text).toBe("Something went wrong");
  });

  it("the standalone error page needs no CMS data and is never indexed", async () => {
    const html = await render(ErrorPage, { status: 503, siteName: "Guildhall" });
    expect((await one(html, "title")).text).toBe("We'll be back shortly | Guildhall");
    expect((await one(html, 'meta[name="robots"]')).attrs.content).toBe("noindex");
    expect(await select(html, 'link[rel="stylesheet"]')).toHaveLength(0);
    const styled = await render(ErrorPage, { status: 404, siteName: "Guildhall", stylesheet: "/assets/site-abc123.css" });
    expect((await one(styled, 'link[rel="stylesheet"]')).attrs.href).toBe("/assets/site-abc123.css");
  });
});
