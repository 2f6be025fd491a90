/**
 * Site search:
 *   GET  /search?q=…[&after=…][&exact=1]  results the viewer may see (pages, articles, webinars)
 *   GET  /opensearch.xml                  the OpenSearch description every page's head links to
 *   POST /api/search/rebuild              queues a full rebuild of the index (Authorization:
 *                                         Bearer CACHE_PURGE_SECRET, as the CMS webhook)
 * A visitor's results are the same for every visitor, so the edge cache keeps them (a minute at
 * most: the index follows a publish through the queue, after the purge); a signed-in user's are
 * private. A query that is too long is a 400 beside the box; one with nothing searchable in it
 * (punctuation, FTS syntax) is a 200 that says so.
 */
import { Hono } from "hono";
import { AppError } from "../errors";
import { log } from "../log";
import { secretsMatch } from "../services/secrets";
import { parseQuery } from "../services/search/query";
import type { HonoEnv } from "../types";
import { SearchContent } from "../views/search/search-content";

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export const searchRoutes = new Hono<HonoEnv>()
  .get("/search", async (c) => {
    const session = c.var.session;
    const query = parseQuery(c.req.query("q"));
    const screen = {
      head: { pageTitle: query.text ? `Search: ${query.text}` : "Search", noindex: true },
      section: null,
      isPrivate: session !== null,
      shareable: "clock" as const,
    };
    if (query.kind === "too-long") {
      const layout = await c.var.services.content.layout();
      return c.render(<SearchContent text={query.text} problem={query.message} notice={null} results={null} />, { layout, ...screen, status: 400 });
    }
    if (query.kind === "empty") {
      const layout = await c.var.services.content.layout();
      const notice = query.text ? "There are no words to search for in what you typed: try letters or numbers." : null;
      return c.render(<SearchContent text={query.text} problem={null} notice={notice} results={null} />, { layout, ...screen });
    }
    const viewer = { signedIn: session !== null, member: session !== null && (await c.var.isMember()) };
    const [layout, results] = await Promise.all([
      c.var.services.content.layout(),
      c.var.services.search.search({ words: query.words, cursor: c.req.query("after") || null, viewer, correct: c.req.query("exact") !== "1" }),
    ]);
    // "Show more results" in place when there is a next page (client/islands/search.ts).
    return c.render(<SearchContent text={query.text} problem={null} notice={null} results={results} />, { layout, ...screen, islands: results.next ? ["search"] : [] });
  })
  .get("/opensearch.xml", (c) => {
    const { site } = c.var.config;
    c.header("Cache-Control", "public, max-age=86400");
    c.header("Content-Type", "application/opensearchdescription+xml; charset=utf-8");
    return c.body(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">',
        `  <ShortName>${xmlEscape(site.name.slice(0, 16))}</ShortName>`,
        `  <Description>Search ${xmlEscape(site.name)}</Description>`,
        "  <InputEncoding>UTF-8</InputEncoding>",
        `  <Url type="text/html" method="get" template="${xmlEscape(`${site.url}/search?q={searchTerms}`)}"/>`,
        `  <Url type="application/opensearchdescription+xml" rel="self" template="${xmlEscape(`${site.url}/opensearch.xml`)}"/>`,
        "</OpenSearchDescription>",
        "",
      ].join("\n"),
    );
  })
  .post("/api/search/rebuild", async (c) => {
    const header = c.req.header("Authorization") ?? "";
    const presented = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
    if (!presented || !(await secretsMatch(presented, c.var.config.cachePurgeSecret))) {
      log.warn("search.rebuild_refused", { reason: presented ? "wrong secret" : "missing bearer token" });
      c.header("WWW-Authenticate", 'Bearer realm="search-rebuild"');
      throw new AppError("UNAUTHORIZED", "A valid secret is required (Authorization: Bearer CACHE_PURGE_SECRET)");
    }
    const { generation } = await c.var.services.searchIndex.requestRebuild();
    return c.json({ rebuilding: true, generation }, 202);
  });
