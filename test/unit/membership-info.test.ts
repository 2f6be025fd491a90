/** Where each membership's information page comes from, and which addresses move there. */
import { describe, expect, it } from "vitest";
import type { Block, GeneralPage } from "../../src/domain/content";
import { membershipInfoIndex, membershipInfoPage, withMovedPageLinks } from "../../src/services/content/membership-info";
import { hrefs } from "../../src/shared/links";
import * as f from "../fixtures/domain";

const [full, associate] = f.memberships() as [ReturnType<typeof f.memberships>[0], ReturnType<typeof f.memberships>[0]];

const settings = (membership: typeof full): Block => ({
  kind: "membership-settings",
  id: `s-${membership.slug}`,
  subscriptionPriceId: null,
  offlinePriceId: null,
  initialPriceId: null,
  halfOffCouponId: null,
  membership,
});

const page = (type: string, slug: string, blocks: Block[], overrides: Partial<GeneralPage> = {}): GeneralPage =>
  f.generalPage({ id: `${type}/${slug}`, type, slug, title: slug, blocks, ...overrides });

/** What the light CMS query reports of a page. */
const presenting = (p: GeneralPage) => ({
  ...p,
  membershipSlugs: p.blocks.flatMap((b) => (b.kind === "membership-settings" && b.membership ? [b.membership.slug] : [])),
});

describe("membership information pages", () => {
  it("are at /professionals/join-{membership slug}", () => {
    expect(hrefs.membershipInfo("full-member")).toBe("/professionals/join-full-member");
    expect(hrefs.membershipInfo("associate-member")).toBe("/professionals/join-associate-member");
  });

  it("show the page already at that address, and move a page presenting one membership there with a redirect", () => {
    const pages = [
      page("Professionals", "join-full-member", [settings(full)]),
      page("Professionals", "join-associate", [settings(associate)]),
      page("Root", "compare", [settings(full), settings(associate)]),
    ];
    const index = membershipInfoIndex([full, associate], pages.map(presenting));
    expect(index.pages).toEqual({
      "full-member": { type: "Professionals", slug: "join-full-member" },
      "associate-member": { type: "Professionals", slug: "join-associate" },
    });
    // A page comparing memberships stays where it is; the one at the address needs no redirect.
    expect(index.redirects).toEqual({ "/professionals/join-associate": "/professionals/join-associate-member" });
    expect(index.moved).toEqual({ "/professionals/join-associate": { type: "Professionals", slug: "join-associate-member" } });
  });

  it("never move a gated page to a public address", () => {
    const pages = [page("Professionals", "associates", [settings(associate)], { membersOnly: true })];
    const index = membershipInfoIndex([full, associate], pages.map(presenting));
    expect(index.pages["associate-member"]).toBeNull();
    expect(index.redirects).toEqual({});
  });

  it("are made from the membership when no page presents it: its title and its card with price and joining fee", () => {
    const made = membershipInfoPage(associate, null);
    expect(made).toMatchObject({ title: "Join as an Associate member", type: "Professionals", slug: "join-associate-member", authenticatedOnly: false, membersOnly: false });
    expect(made.blocks).toEqual([expect.objectContaining({ kind: "membership-settings", membership: associate })]);
  });

  it("add the membership's card to a page at the address that shows none, so its fees are always there", () => {
    const bare = page("Professionals", "join-full-member", [{ kind: "text", id: "t", content: f.md("Hello") }]);
    expect(membershipInfoPage(full, bare).blocks.map((b) => b.kind)).toEqual(["text", "membership-settings"]);
    const withCard = page("Professionals", "join-full-member", [settings(full)]);
    expect(membershipInfoPage(full, withCard)).toBe(withCard);
  });

  it("links to a moved page lead straight to its new address; the page itself keeps its identity", () => {
    const moved = { "/professionals/join-associate": { type: "Professionals", slug: "join-associate-member" } };
    const data = page("Root", "about", [
      { kind: "button", id: "b", title: "Associates", alignment: "left", internalLink: f.ref("Professionals", "join-associate", "Join as an associate"), externalLink: null },
    ]);
    const out = withMovedPageLinks({ nav: [f.ref("Professionals", "join-associate", "A"), f.ref("Root", "about", "B")], page: data }, moved);
    expect(out.nav).toEqual([f.ref("Professionals", "join-associate-member", "A"), f.ref("Root", "about", "B")]);
    expect(out.page.blocks[0]).toMatchObject({ internalLink: f.ref("Professionals", "join-associate-member", "Join as an associate") });
    // Unchanged input; a moved page itself is not renamed.
    expect(data.blocks[0]).toMatchObject({ internalLink: { slug: "join-associate" } });
    const self = page("Professionals", "join-associate", []);
    expect(withMovedPageLinks(self, moved).slug).toBe("join-associate");
  });
});
