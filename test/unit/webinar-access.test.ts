/** Who gets a webinar's Zoom and Vimeo links, and when (services/orders/webinar-access). */
import { describe, expect, it } from "vitest";
import { entitlementFor, vimeoEmbedUrl, webinarAccess } from "../../src/services/orders/webinar-access";
import { catalogueWebinar, START } from "../fixtures/pricing";

const at = (minutesFromStart: number) => new Date(START + minutesFromStart * 60_000);
const webinar = catalogueWebinar("7", { defaultPrice: 30, memberPrice: 15 });
const links = { zoomUrl: "https://zoom.example/j/1", vimeoUrl: "https://vimeo.com/123456789", vimeoPlaylist: "https://vimeo.com/showcase/42" };

describe("entitlement", () => {
  it("is never a visitor's, is an owner's, and is anyone signed in's when the webinar is free to them", () => {
    expect(entitlementFor(webinar, "visitor", new Set(["7"]), at(0))).toBeNull();
    expect(entitlementFor(webinar, "user", new Set(["7"]), at(0))).toBe("owned");
    expect(entitlementFor(webinar, "user", new Set(), at(0))).toBeNull();
    const memberFree = { ...webinar, memberFreeDate: at(-600).toISOString() };
    expect(entitlementFor(memberFree, "member", new Set(), at(0))).toBe("free");
    expect(entitlementFor(memberFree, "user", new Set(), at(0))).toBeNull();
    const allFree = { ...webinar, defaultFreeDate: at(-600).toISOString() };
    expect(entitlementFor(allFree, "user", new Set(), at(0))).toBe("free");
    expect(entitlementFor(allFree, "visitor", new Set(), at(0))).toBeNull();
  });
});

describe("access", () => {
  it.each([
    ["a day before", -24 * 60, "live-soon"],
    ["61 minutes before", -61, "live-soon"],
    ["exactly an hour before", -60, "live"],
    ["during", 30, "live"],
    ["1 ms before the end", 60 - 1 / 60_000, "live"],
    ["at the end", 60, "recording"],
    ["a month later", 60 * 24 * 30, "recording"],
  ])("%s the event, an owner gets %s", (_when, minutes, kind) => {
    expect(webinarAccess(webinar, links, "owned", at(minutes)).kind).toBe(kind);
  });

  it("gives the Zoom link only in the live window, and the recording only after", () => {
    expect(webinarAccess(webinar, links, "owned", at(-10))).toEqual({ kind: "live", zoomUrl: links.zoomUrl, startsAt: new Date(webinar.date) });
    expect(JSON.stringify(webinarAccess(webinar, links, "owned", at(-120)))).not.toContain("zoom");
    const after = webinarAccess(webinar, links, "free", at(120));
    expect(after).toEqual({
      kind: "recording",
      embedUrl: "https://player.vimeo.com/video/123456789?dnt=1",
      watchUrl: links.vimeoUrl,
      playlistUrl: links.vimeoPlaylist,
    });
    expect(JSON.stringify(after)).not.toContain("zoom");
  });

  it("gives nothing to someone not entitled, whenever", () => {
    for (const minutes of [-120, -10, 30, 120]) expect(webinarAccess(webinar, links, null, at(minutes))).toEqual({ kind: "not-entitled" });
  });

  it("says a link is pending when the CMS has none yet, and refuses non-https links", () => {
    expect(webinarAccess(webinar, { zoomUrl: null, vimeoUrl: null, vimeoPlaylist: null }, "owned", at(0)).kind).toBe("live-link-pending");
    expect(webinarAccess(webinar, { zoomUrl: "javascript:alert(1)", vimeoUrl: null, vimeoPlaylist: null }, "owned", at(0)).kind).toBe("live-link-pending");
    expect(webinarAccess(webinar, { zoomUrl: null, vimeoUrl: "http://vimeo.com/123456789", vimeoPlaylist: null }, "owned", at(90)).kind).toBe("recording-pending");
  });

  it("embeds Vimeo videos through the do-not-track player, keeping a private video's hash", () => {
    expect(vimeoEmbedUrl("https://vimeo.com/123456789")).toBe("https://player.vimeo.com/video/123456789?dnt=1");
    expect(vimeoEmbedUrl("https://vimeo.com/123456789/abcdef1234")).toBe("https://player.vimeo.com/video/123456789?dnt=1&h=abcdef1234");
    expect(vimeoEmbedUrl("https://player.vimeo.com/video/123456789?h=abcdef1234")).toBe("https://player.vimeo.com/video/123456789?dnt=1&h=abcdef1234");
    expect(vimeoEmbedUrl("https://vimeo.com/showcase/42")).toBeNull();
    expect(vimeoEmbedUrl("https://evil.example/vimeo.com/123456789")).toBeNull();
    expect(vimeoEmbedUrl("https://vimeo.example/video/800000001")).toBeNull();
  });
});
