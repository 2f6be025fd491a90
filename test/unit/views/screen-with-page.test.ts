/** A built-in screen shown inside the editor's CMS page at the same address. */
import { describe, expect, it } from "vitest";
import { PageHeader } from "../../../src/views/components/page-header";
import { ScreenTitle } from "../../../src/views/components/screen-title";
import { ScreenWithPage, splitAroundScreen } from "../../../src/views/pages/screen-with-page";
import * as f from "../../fixtures/domain";
import { h, renderHtml, select } from "./render";

const page = f.generalPage({ type: "User", slug: "membership", title: "My membership", authenticatedOnly: true });

describe("a built-in screen inside its CMS page", () => {
  it("has the page's title as its only h1, the page's opening text before the panel and the other blocks after it", async () => {
    const panel = h("div", { id: "panel" }, h(ScreenTitle, null, "Your membership"), h("p", null, "Panel"));
    const html = await renderHtml(h(ScreenWithPage, { page, ctx: f.blockContext(), children: panel }));
    expect((await select(html, "h1")).map((el) => el.text)).toEqual(["My membership"]);
    const order = (await select(html, "[data-block], #panel")).map((el) => el.attrs["data-block"] ?? el.attrs.id);
    expect(order).toEqual(["text-with-image", "text", "panel", "image", "button"]);
  });

  it("a screen's PageHeader keeps its standfirst but gives up its h1", async () => {
    const html = await renderHtml(h(ScreenWithPage, { page, ctx: f.blockContext(), children: h(PageHeader, { title: "Membership", lede: "Choose one." }) }));
    expect((await select(html, "h1")).map((el) => el.text)).toEqual(["My membership"]);
    expect((await select(html, ".lede")).map((el) => el.text)).toEqual(["Choose one."]);
  });

  it("the screen stands alone (its own h1) outside a CMS page", async () => {
    expect((await select(await renderHtml(h(ScreenTitle, null, "Your membership")), "h1")).map((el) => el.text)).toEqual(["Your membership"]);
  });

  it("every block comes after the panel when the page opens with something other than text", () => {
    const blocks = f.everyBlock();
    const { introduction, rest } = splitAroundScreen(blocks);
    expect([...introduction, ...rest]).toEqual(blocks);
    expect(introduction.every((b) => b.kind === "text" || b.kind === "text-with-image")).toBe(true);
    expect(splitAroundScreen([]).rest).toEqual([]);
  });
});
