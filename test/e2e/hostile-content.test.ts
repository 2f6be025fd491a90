/**
 * Hostile content, published as an editor would, must stay inert in a real browser: real Chromium
 * (JavaScript on) against a real `wrangler dev` and a real Strapi, with the corpus from
 * test/fixtures/hostile-content.ts in rich text, titles, SEO fields, hero and card text, button
 * and call-to-action links, and embed snippets, on general pages, articles and the join page.
 *
 * For every page: no payload runs (nothing sets `window.__pwned`, no dialog opens), the page does
 * not leave the site (no off-site navigation or request from the site's own document), its rich
 * text holds no active element, nothing in it has an event handler or a script URL, and every
 * link that leaves the site is treated as external (rel="noopener noreferrer"). Embed snippets do run, by design, but in a
 * sandboxed frame with an opaque origin and its own sandboxing CSP: they can neither touch the
 * page nor navigate it; what they try from inside the sandbox is counted apart.
 *
 * This file has a Strapi of its own (a throwaway database seeded with the demo content, on
 * `TEST_PORTS.cms` plus this file's slot, started by the global setup beside the shared one so
 * that its boot costs no time of its own) instead of writing to the shared one, because the other
 * browser tests open "the first article" and the hostile articles would be the newest.
 * It publishes through the REST API with the editor token (the Worker's own token can only read)
 * and deletes what it published afterwards.
 */
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  EMBED_PAYLOADS,
  FORBIDDEN_IN_PROSE,
  LINK_PAYLOADS,
  PAYLOAD_COUNT,
  RICH_TEXT_PAYLOADS,
  TEXT_PAYLOADS,
  TRIM_TRICK,
  TRIM_TRICK_TITLE,
} from "../fixtures/hostile-content";
import { TEST_SECRETS } from "../support/test-secrets";
import { useBrowserStack } from "./support/browser-stack";
import { DESKTOP, isLoopback, openContext } from "./support/chromium";
import { pathOf, visit } from "./support/navigate";
import { WORKER_SLOTS } from "./support/site-worker";

/** A CMS of its own, which the global setup starts beside the shared one. */
const CMS_URL = inject("hostileCmsUrl");
const RUN = Date.now().toString(36);
/** How long a page may take to act on a meta refresh, a timer or a focus event after it settles. */
const GRACE_MS = 1_500;

const published: { collection: "general-pages" | "articles"; documentId: string }[] = [];
let originalJoinIntro: string | null = null;
/** The pages to load (path -> what it carries) and how many fields carry a payload. */
const pages = new Map<string, string>();
let placements = 0;
const totals = { pages: 0, executions: 0, offSiteNavigations: 0, offSiteRequests: 0, fromInsideEmbeds: 0 };

async function asEditor(method: string, path: string, data?: unknown) {
  const response = await fetch(`${CMS_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TEST_SECRETS.cmsEditorToken}`, "Content-Type": "application/json" },
    ...(data === undefined ? {} : { body: JSON.stringify({ data }) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} -> ${response.status}: ${await response.text()}`);
  return response.status === 204 ? null : ((await response.json()) as { data: Record<string, unknown> });
}

async function publish(collection: "general-pages" | "articles", data: Record<string, unknown>, path: string, what: string) {
  const created = await asEditor("POST", `/api/${collection}?status=published`, data);
  published.push({ collection, documentId: String(created!.data.documentId) });
  pages.set(path, what);
}

const text = (content: string) => ({ __component: "blocks.text", content });
const textWithImage = (content: string) => ({ __component: "blocks.text-with-image", content, imagePosition: "left" });
const embed = (title: string, snippet: string) => ({ __component: "blocks.embed", title, snippet });
const button = (title: string, externalLink: string) => ({ __component: "blocks.button", title, externalLink, alignment: "left" });

/** Every text field of a general page's blocks and SEO, carrying one plain-text payload. */
function fieldsBlocks(value: string, index: number) {
  return [
    { __component: "blocks.hero-banner", preTitle: value, title: value, subtitle: value, callToAction: { label: value, url: LINK_PAYLOADS[index % LINK_PAYLOADS.length]!.value } },
    ...LINK_PAYLOADS.map((link) => button(value, link.value)),
    { __component: "blocks.card-list", title: value, cardBlocks: [{ title: value, content: value, bottomLinkText: value }] },
    { __component: "blocks.large-cards", title: value, cards: [{ title: value, subtitle: value }] },
    embed(value, "<p>An embed titled with a payload.</p>"),
  ];
}

async function publishCorpus() {
  const slug = (name: string) => `hostile-${RUN}-${name}`;
  const rich = RICH_TEXT_PAYLOADS.map((p) => p.value);
  await publish("general-pages", { title: "Rich text probe", slug: slug("rich-text"), type: "Root", blocks: [...rich.map(text), ...rich.map(textWithImage)] }, `/${slug("rich-text")}`, "rich text in text and text-with-image blocks");
  placements += rich.length * 2;

  await publish("general-pages", { title: TRIM_TRICK_TITLE, slug: slug("trim"), type: "Root", blocks: [text(TRIM_TRICK)] }, `/${slug("trim")}`, "the repeated-title trim trick");
  placements += 1;

  for (const [index, { value }] of TEXT_PAYLOADS.entries()) {
    const blocks = fieldsBlocks(value, index);
    await publish("general-pages", { title: value, slug: slug(`fields-${index}`), type: "Root", seo: { metaTitle: value, metaDescription: value }, blocks }, `/${slug(`fields-${index}`)}`, `text and link fields: ${TEXT_PAYLOADS[index]!.what}`);
    // Title, two SEO fields, four hero texts, the call to action's URL, each button's label and
    // link, the card list's title and card (title, text, link text), the large cards' title and
    // card (title, subtitle), and the embed's title.
    placements += 3 + 5 + LINK_PAYLOADS.length * 2 + 4 + 3 + 1;
  }

  await publish("general-pages", { title: "Embed probe", slug: slug("embeds"), type: "Root", blocks: EMBED_PAYLOADS.map((p) => embed("Embedded content", p.value)) }, `/${slug("embeds")}`, "embed snippets");
  placements += EMBED_PAYLOADS.length;

  const [hostileTitle] = TEXT_PAYLOADS;
  await publish("articles", { title: hostileTitle!.value, slug: slug("article"), summary: hostileTitle!.value, blocks: rich.map(text) }, `/articles/${slug("article")}`, "an article with rich text");
  placements += 2 + rich.length;
  await publish("articles", { title: "Links and embeds probe", slug: slug("article-links"), blocks: [...LINK_PAYLOADS.map((p) => button("Go", p.value)), ...EMBED_PAYLOADS.map((p) => embed("Embedded content", p.value))] }, `/articles/${slug("article-links")}`, "an article with links and embeds");
  placements += LINK_PAYLOADS.length + EMBED_PAYLOADS.length;
  pages.set("/articles", "the articles list, with a hostile title and summary");

  // The join page's heading is its SEO title: the trim trick is written against it.
  const joinPage = (await asEditor("GET", "/api/join-page?populate=seo"))!.data as { formIntro: string | null; seo: { metaTitle: string } | null };
  originalJoinIntro = joinPage.formIntro;
  const heading = joinPage.seo?.metaTitle ?? "Join us";
  await asEditor("PUT", "/api/join-page?status=published", { formIntro: TRIM_TRICK.replaceAll(TRIM_TRICK_TITLE, heading) });
  pages.set("/join", "the join page's introduction with the trim trick");
  placements += 1;
}

beforeAll(async () => {
  expect(CMS_URL, "the global setup started this file's CMS").toBeTruthy();
  await publishCorpus();
}, 180_000);

afterAll(async () => {
  try {
    for (const { collection, documentId } of published) await asEditor("DELETE", `/api/${collection}/${documentId}`);
    if (originalJoinIntro !== null) await asEditor("PUT", "/api/join-page?status=published", { formIntro: originalJoinIntro });
  } finally {
    console.log(
      `hostile content: ${totals.pages} pages, ${PAYLOAD_COUNT} payloads in ${placements} fields, ` +
        `${totals.executions} executions, ${totals.offSiteNavigations} off-site navigations, ` +
        `${totals.offSiteRequests} off-site requests from the site's pages; ` +
        `${totals.fromInsideEmbeds} off-site requests from inside embed sandboxes (an embed may load https resources there, by design)`,
    );
  }
}, 60_000);

const stack = useBrowserStack(WORKER_SLOTS.hostileContent, { vars: { CMS_URL } });

/** What the page's own DOM shows, collected in the page. */
interface DomFindings {
  activeInProse: string[];
  handlers: string[];
  scriptUrls: string[];
  metaOrBase: string[];
  unmarkedExternalLinks: string[];
  frames: { sandbox: string | null; src: string | null; inEmbedBlock: boolean }[];
}

function inspectDom(forbidden: string[]): DomFindings {
  const snippet = (element: Element) => element.outerHTML.slice(0, 160);
  const isScriptUrl = (value: string) => /^(javascript|data|vbscript):/i.test(value.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+/, ""));
  const urlAttributes = ["href", "src", "action", "formaction", "data", "xlink:href", "poster"];
  const handlers: string[] = [];
  const scriptUrls: string[] = [];
  for (const element of Array.from(document.querySelectorAll("*"))) {
    for (const attribute of Array.from(element.attributes)) {
      if (/^on/i.test(attribute.name)) handlers.push(snippet(element));
      if (urlAttributes.includes(attribute.name.toLowerCase()) && isScriptUrl(attribute.value)) scriptUrls.push(snippet(element));
    }
  }
  return {
    activeInProse: Array.from(document.querySelectorAll(".prose *")).filter((element) => forbidden.includes(element.localName)).map(snippet),
    handlers,
    scriptUrls,
    metaOrBase: Array.from(document.querySelectorAll("meta[http-equiv], base, body meta, body link")).map(snippet),
    // A link whose target (as the browser resolved it) is another web origin is treated as one:
    // rel="noopener noreferrer", which the site sets only on links it knows are external.
    unmarkedExternalLinks: Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]"))
      .filter((a) => /^https?:$/.test(a.protocol) && a.origin !== location.origin)
      .filter((a) => !(a.relList.contains("noopener") && a.relList.contains("noreferrer")))
      .map(snippet),
    frames: Array.from(document.querySelectorAll("iframe")).map((frame) => ({
      sandbox: frame.getAttribute("sandbox"),
      src: frame.getAttribute("src"),
      inEmbedBlock: frame.closest('[data-block="embed"]') !== null,
    })),
  };
}

/** Loads `path` with JavaScript on and reports what ran, where the page went and what it holds. */
async function load(path: string) {
  const { context } = await openContext(stack.browser, DESKTOP);
  try {
    const page = await context.newPage();
    const origin = new URL(stack.url("/")).origin;
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // The stack aborts every request to another host; these record which ones were tried, and by
    // whom: the page itself (navigations apart) or a frame inside it, which can only be an embed.
    const navigations = new Set<string>();
    const offSite = { navigations: [] as string[], requests: [] as string[], fromInsideEmbeds: [] as string[] };
    context.on("request", (request) => {
      if (isLoopback(request.url())) return;
      const fromPage = request.frame() === page.mainFrame();
      if (fromPage && request.isNavigationRequest()) navigations.add(request.url());
      else (fromPage ? offSite.requests : offSite.fromInsideEmbeds).push(request.url());
    });
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame() && !isLoopback(frame.url())) navigations.add(frame.url());
    });

    const response = await visit(page, stack.url(path));
    expect(response.status(), `GET ${path}`).toBe(200);
    await page.waitForTimeout(GRACE_MS);

    offSite.navigations = [...navigations];
    const executions = [...dialogs.map((message) => `dialog: ${message}`), ...(await pwnedIn(page, origin))];
    const dom = await page.evaluate(inspectDom, FORBIDDEN_IN_PROSE);
    const embedOrigins = await Promise.all(page.frames().filter((frame) => frame !== page.mainFrame()).map(originOf));
    return { page, url: page.url(), origin, executions, offSite, dom, embedOrigins, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * A frame's origin as its own script sees it ("null" when sandboxed). A frame whose navigation
 * was blocked may have no document to run in, so it gets a short while to answer.
 */
async function originOf(frame: Frame): Promise<string> {
  const timeout = new Promise<string>((resolve) => setTimeout(resolve, 2_000, "unreachable"));
  return Promise.race([frame.evaluate(() => self.origin).catch(() => "unreachable"), timeout]);
}

/** `window.__pwned` in the page and in any frame that shares its origin (none should). */
async function pwnedIn(page: Page, origin: string): Promise<string[]> {
  const found: string[] = [];
  for (const frame of page.frames()) {
    const frameOrigin = frame === page.mainFrame() ? origin : await originOf(frame);
    if (frameOrigin !== origin) continue;
    const pwned = await frame.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);
    if (pwned !== undefined) found.push(`window.__pwned = ${JSON.stringify(pwned)} in ${frame.url()}`);
  }
  return found;
}

describe("hostile content published in the CMS, in Chromium with JavaScript on", () => {
  // The paths are known only once beforeAll has published; one test walks them all and reports each.
  it("runs no payload, stays on the site and leaves no active element on any page", async () => {
    const problems: string[] = [];
    for (const [path, what] of pages) {
      const result = await load(path);
      try {
        totals.pages += 1;
        totals.executions += result.executions.length;
        totals.offSiteNavigations += result.offSite.navigations.length;
        totals.offSiteRequests += result.offSite.requests.length;
        totals.fromInsideEmbeds += result.offSite.fromInsideEmbeds.length;
        const report = (label: string, items: readonly unknown[]) => {
          if (items.length > 0) problems.push(`${path} (${what}): ${label}: ${items.map((item) => JSON.stringify(item)).join("; ")}`);
        };
        report("script ran", result.executions);
        report("left the site", new URL(result.url).origin === result.origin && pathOf(result.page) === path ? [] : [result.url]);
        report("off-site navigations", result.offSite.navigations);
        report("off-site requests from the page", result.offSite.requests);
        report("active elements in rich text", result.dom.activeInProse);
        report("event handler attributes", result.dom.handlers);
        report("script URLs", result.dom.scriptUrls);
        report("meta refresh, base or links in the body", result.dom.metaOrBase);
        report("off-site links treated as internal", result.dom.unmarkedExternalLinks);
        report("frames that are not sandboxed embeds", result.dom.frames.filter((frame) => !isSandboxedEmbed(frame)));
        report("frames that share the site's origin", result.embedOrigins.filter((origin) => origin === result.origin));
      } finally {
        await result.close();
      }
    }
    expect(problems).toEqual([]);
    expect(totals.executions).toBe(0);
    expect(totals.offSiteNavigations).toBe(0);
  }, 300_000);

  it("serves embeds with a sandboxing policy of their own, so even opened directly they get an opaque origin", async () => {
    const result = await load([...pages.keys()].find((path) => path.endsWith("-embeds"))!);
    try {
      const sources = result.dom.frames.map((frame) => frame.src!);
      expect(sources.length).toBe(EMBED_PAYLOADS.length);
      for (const source of sources) {
        const response = await fetch(stack.url(source));
        expect(response.status, source).toBe(200);
        const policy = response.headers.get("content-security-policy") ?? "";
        expect(policy, source).toMatch(/^sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox;/);
        expect(policy, source).not.toMatch(/allow-same-origin|allow-top-navigation|allow-forms|allow-modals/);
        expect(response.headers.get("x-frame-options"), source).toBe("SAMEORIGIN");
      }
    } finally {
      await result.close();
    }
  });
});

/** An embed block's frame: from the site's /embeds/ route, sandboxed without same-origin or top navigation. */
function isSandboxedEmbed(frame: DomFindings["frames"][number]): boolean {
  const tokens = new Set((frame.sandbox ?? "").split(/\s+/).filter(Boolean));
  const allowed = ["allow-scripts", "allow-popups", "allow-popups-to-escape-sandbox"];
  return frame.inEmbedBlock && frame.sandbox !== null && [...tokens].every((token) => allowed.includes(token)) && (frame.src ?? "").startsWith("/embeds/");
}
