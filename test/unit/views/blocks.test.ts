import { describe, expect, it, vi } from "vitest";
import { BLOCK_KINDS, type Block } from "../../../src/domain/content";
import { Blocks } from "../../../src/views/blocks/blocks";
import * as f from "../../fixtures/domain";
import { one, render, select, squash } from "./render";


const block = <K extends Block["kind"]>(kind: K, overrides: Partial<Extract<Block, { kind: K }>> = {}) =>
  ({ ...f.everyBlock().find((b) => b.kind === kind)!, ...overrides }) as Extract<Block, { kind: K }>;

const renderBlocks = (blocks: Block[], ctx = f.blockContext(), hasTitle = true) => render(Blocks, { blocks, ctx, hasTitle });

describe("Blocks", () => {
  it("renders one element per block, each marked with its kind, in order", async () => {
    const html = await renderBlocks(f.everyBlock());
    const kinds = (await select(html, "[data-block]")).map((el) => el.attrs["data-block"]);
    expect(kinds).toEqual([...BLOCK_KINDS]);
  });

  it("text: the sanitised rich text", async () => {
    const el = await one(await renderBlocks([block("text")]), '[data-block="text"]');
    expect(squash(el.text)).toBe("Welcome Hello members.");
  });

  it("text with image: the text and the image on the chosen side", async () => {
    const html = await renderBlocks([block("text-with-image", { imagePosition: "right" })]);
    expect((await one(html, '[data-block="text-with-image"]')).attrs.class).toContain("block-split--image-right");
    expect(squash((await one(html, ".block-split__text")).text)).toBe("Side by side.");
    expect((await one(html, ".block-split__media img")).attrs.alt).toBe("Abstract sand and teal shapes");
  });

  it("image: the image with its caption", async () => {
    const html = await renderBlocks([block("image")]);
    expect((await one(html, 'figure[data-block="image"] img')).attrs.src).toBe("/uploads/hero-home.jpg");
    expect((await one(html, "figcaption")).text).toBe("Members at the autumn conference (illustration).");
  });

  describe("button", () => {
    it("links an internal page by the link rule, aligned as chosen", async () => {
      const html = await renderBlocks([block("button")]);
      expect((await one(html, '[data-block="button"]')).attrs.class).toContain("align-center");
      const link = await one(html, "a.button");
      expect(link).toMatchObject({ attrs: { href: "/about/our-history" }, text: "Read our history" });
      expect(link.attrs.rel).toBeUndefined();
    });

    it("links an external URL with rel=noopener noreferrer and says it leaves the site", async () => {
      const html = await renderBlocks([
        block("button", { internalLink: null, externalLink: "https://directory.guildhall.example/search", alignment: "right" }),
      ]);
      const link = await one(html, "a.button");
      expect(link.attrs).toMatchObject({ href: "https://directory.guildhall.example/search", rel: "noopener noreferrer" });
      expect(squash(link.text)).toBe("Read our history (external site)");
      expect(await select(html, "a.button svg.icon-external")).toHaveLength(1);
      expect((await one(html, '[data-block="button"]')).attrs.class).toContain("align-right");
    });

    it("never links a javascript: URL", async () => {
      const html = await renderBlocks([block("button", { internalLink: null, externalLink: "javascript:alert(1)" })]);
      expect(html).not.toContain("javascript:");
      expect(await select(html, '[data-block="button"]')).toHaveLength(0);
    });
  });

  it("card list: title, and each card's image, title, content and bottom link to its page", async () => {
    const html = await renderBlocks([block("card-list")]);
    expect((await one(html, '[data-block="card-list"] h2')).text).toBe("From the Guild");
    expect((await select(html, ".card h3")).map((el) => el.text)).toEqual(["About the Guild", "Living well with back pain"]);
    expect((await select(html, ".card__text")).map((el) => el.text)).toEqual(["Who we are and what we do.", "Practical advice."]);
    const links = await select(html, "a.card__link");
    expect(links.map((el) => el.attrs.href)).toEqual(["/about", "/patients/back-pain"]);
    expect(squash(links[0]!.text)).toBe("Read more: About the Guild");
    expect(await select(html, ".card img")).toHaveLength(2);
  });

  it("large cards: title, and each card's image, title linking to its page, and subtitle", async () => {
    const html = await renderBlocks([block("large-cards")]);
    expect((await one(html, '[data-block="large-cards"] h2')).text).toBe("Where would you like to start?");
    const links = await select(html, ".feature-card h3 a");
    expect(links.map((el) => [el.text, el.attrs.href])).toEqual([
      ["For patients", "/patients/find-a-physiotherapist"],
      ["For professionals", "/professionals/join-full-member"],
      ["Webinars", "/webinars/upcoming-webinars"],
    ]);
    expect((await select(html, ".feature-card__subtitle")).map((el) => el.text)).toContain("Membership, mentoring and CPD.");
    expect(await select(html, ".feature-card img")).toHaveLength(3);
  });

  it("flipbook: subject title, the online link and the file with its type", async () => {
    const html = await renderBlocks([block("flipbook")]);
    expect((await one(html, '[data-block="flipbook"] h2')).text).toBe("Annual review");
    const [online, file] = await select(html, '[data-block="flipbook"] a');
    expect(online!.attrs).toMatchObject({ href: "https://flipbook.example/guildhall/annual-review", rel: "noopener noreferrer" });
    expect(file!.attrs).toMatchObject({ href: "/uploads/annual-review.pdf", type: "application/pdf" });
    expect(squash(file!.text)).toBe("Download Annual review (PDF)");
  });

  describe("embed", () => {
    it("runs the snippet only inside a sandboxed iframe with an opaque origin", async () => {
      const html = await renderBlocks([block("embed")]);
      const frame = await one(html, 'figure[data-block="embed"] iframe');
      expect(frame.attrs.sandbox).toBe("allow-scripts allow-popups allow-popups-to-escape-sandbox");
      expect(frame.attrs.sandbox).not.toContain("allow-same-origin");
      expect(frame.attrs).toMatchObject({ title: "Guild office opening hours", loading: "lazy", referrerpolicy: "no-referrer" });
      expect(frame.attrs.srcdoc).toContain("<script>parent.document.cookie</script>");
    });

    it("never places the snippet in the page itself", async () => {
      const html = await renderBlocks([block("embed")]);
      expect(html).not.toContain("<script>parent.document.cookie");
      expect(html).not.toContain("<strong>Guild office</strong>");
      expect(await select(html, "script")).toHaveLength(0);
    });
  });

  it("membership settings: the membership's title, description, fees in pounds and a call to join; never a Stripe id", async () => {
    const html = await renderBlocks([block("membership-settings")]);
    const card = squash((await one(html, '[data-block="membership-settings"]')).text);
    expect(card).toContain("Full member");
    expect(card).toContain("£195.00 a year");
    expect(card).toContain("one-off joining fee of £25.00");
    expect(card).toContain("Full members vote at the annual meeting");
    expect(card).toContain("pay offline");
    expect(card).toContain("half-price offer");
    const join = await one(html, "a.button");
    expect(join).toMatchObject({ attrs: { href: "/join?membership=full-member" }, text: "Join as a Full member" });
    expect((await one(html, "a.text-link")).attrs.href).toBe("/professionals/join-full-member");
    expect(html).not.toMatch(/price_demo|coupon_demo/);
  });

  it("membership settings: no information link on the information page itself", async () => {
    const ctx = f.blockContext({}, { currentPath: "/professionals/join-full-member" });
    expect(await select(await renderBlocks([block("membership-settings")], ctx), "a.text-link")).toHaveLength(0);
  });

  describe("hero banner", () => {
    it("pre-title, title, subtitle, call to action and an eager, high-priority image when it opens the page", async () => {
      const html = await renderBlocks([block("hero-banner")], f.blockContext(), false);
      expect((await one(html, ".hero__pretitle")).text).toBe("The Guild of Example Physiotherapists");
      expect((await one(html, "h1.hero__title")).text).toBe("Movement, care and a community behind you");
      expect((await one(html, ".hero__subtitle")).text).toContain("year-round programme");
      expect((await one(html, ".hero__action a")).attrs.href).toBe("/professionals/join-full-member");
      expect((await one(html, ".hero__media img")).attrs).toMatchObject({ loading: "eager", fetchpriority: "high" });
    });

    it("is an h2 with a lazy image on a page that has its own title or further down", async () => {
      const html = await renderBlocks([block("text"), block("hero-banner")]);
      expect(await select(html, "h1")).toHaveLength(0);
      expect(await select(html, "h2.hero__title")).toHaveLength(1);
      expect((await one(html, ".hero__media img")).attrs.loading).toBe("lazy");
    });
  });

  describe("webinars list", () => {
    it("shows all webinars matching its filter, loaded once per page however many lists it has", async () => {
      const webinars = vi.fn(async () => f.webinars());
      const ctx = f.blockContext({ webinars });
      const html = await renderBlocks([block("webinars-list"), block("webinars-list", { id: "2", filter: "past", title: "Recordings" })], ctx);
      const names = (await select(html, ".webinar-card h3")).map((el) => el.text);
      expect(names.slice(0, 5)).toEqual([
        "Live Q&A: Returning to Running After Injury",
        "Introduction to Clinical Reasoning",
        "Pelvic Health Essentials",
        "Managing Persistent Low Back Pain: What the Evidence Says",
        "Ethics and Professional Boundaries",
      ]);
      expect(names.slice(5)).toEqual(["Exercise Prescription for Older Adults", "Sports Injury Series (Recordings)"]);
      expect(webinars).toHaveBeenCalledTimes(1);
    });

    it("keeps the page streaming: the list renders inside a Suspense boundary with a fallback", async () => {
      const { renderToReadableStream } = await import("react-dom/server.edge");
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const ctx = f.blockContext({ webinars: async () => (await gate, f.webinars()) });
      const stream = await renderToReadableStream(Blocks({ blocks: [block("webinars-list")], ctx }));
      const reader = stream.getReader();
      const shell = new TextDecoder().decode((await reader.read()).value);
      expect(shell).toContain("Loading webinars");
      expect(shell).toContain('href="/webinars"');
      release();
      // Read to the end rather than cancel: a cancelled render makes React log "aborted by the
      // server", later, into whichever test is running then (unit files share one runtime).
      let rest = "";
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
      expect(rest).toContain("Managing Persistent Low Back Pain");
    });

    it("shows the editor's own selection as given, without loading all webinars", async () => {
      const webinars = vi.fn(async () => f.webinars());
      const [first, second] = f.webinars();
      const html = await renderBlocks([block("webinars-list", { webinars: [second!, first!], filter: "past" })], f.blockContext({ webinars }));
      expect((await select(html, ".webinar-card h3")).map((el) => el.text)).toEqual([
        "Live Q&A: Returning to Running After Injury",
        "Managing Persistent Low Back Pain: What the Evidence Says",
      ]);
      expect(webinars).not.toHaveBeenCalled();
    });

    it("prices each webinar for the viewer in the block's context", async () => {
      const visitor = (await select(await renderBlocks([block("webinars-list")]), ".webinar-card")).map((card) => squash(card.text));
      expect(visitor[0]).toContain("Price £30.00 Members £15.00 Join the Guild");
      const ctx = f.blockContext({ buyer: { viewer: "member", userId: "member-1", owned: new Set(["back_pain"]) } });
      const member = (await select(await renderBlocks([block("webinars-list")], ctx), ".webinar-card")).map((card) => squash(card.text));
      expect(member[0]).toContain("Member price £15.00");
      expect(member[0]).not.toContain("Join");
      expect(member.find((card) => card.includes("Managing Persistent Low Back Pain"))).toMatch(/^You have this webinar/);
    });

    it("says so when nothing matches, and when the webinars cannot be loaded", async () => {
      const empty = await renderBlocks([block("webinars-list")], f.blockContext({ webinars: async () => [] }));
      expect(squash((await one(empty, ".notice")).text)).toBe("No webinars are scheduled at the moment. See all webinars");
      // The request's loader (middleware/renderer) logs the failure and gives null.
      const failed = await renderBlocks([block("webinars-list")], f.blockContext({ webinars: async () => null }));
      expect(squash((await one(failed, ".notice")).text)).toContain("We cannot show the webinars just now.");
    });
  });
});
