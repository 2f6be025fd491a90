/**
 * CMS media (`/uploads/...`) served from the site's own origin, so pages need no third-party
 * image host and the CSP can stay `img-src 'self'`. Strapi gives every upload a new name, so
 * public responses are immutable. Uploaded files (SVG especially) can never run script here:
 * they are served with a sandboxing CSP and nosniff.
 *
 * A file used only on gated pages (services/content/media-access.ts) goes only to viewers who
 * may see one of those pages, marked private (the session middleware adds `Vary: Cookie`). A
 * visitor gets a 404, exactly as for a file that does not exist, so nothing is revealed (an
 * image or download has no page to come back to after signing in); a signed-in non-member gets
 * a 403 for a members-only file.
 *
 * The file comes from the object store's public URL (CMS_MEDIA_URL, R2 in production) when
 * set, otherwise from the CMS's own `/uploads/`.
 */
import { Hono } from "hono";
import { AppError } from "../errors";
import { log } from "../log";
import { mediaAccess } from "../services/content/media-access";
import type { HonoEnv } from "../types";

const FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;
const TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  pdf: "application/pdf",
};

export const mediaRoutes = new Hono<HonoEnv>().get("/uploads/:file", async (c) => {
  const file = c.req.param("file");
  const type = TYPES[file.split(".").pop()?.toLowerCase() ?? ""];
  if (!FILE.test(file) || file.includes("..") || !type) throw new AppError("NOT_FOUND", "No such media file");
  const access = await mediaAccess(c.var.services.publishedContent, file, { signedIn: c.var.session !== null, isMember: c.var.isMember });
  if (access === "hidden") throw new AppError("NOT_FOUND", "No such media file");
  if (access === "forbidden") throw new AppError("FORBIDDEN", "This file is for members of the Guild");

  const { cms } = c.var.config;
  let upstream: Response;
  try {
    upstream = await fetch(cms.mediaUrl ? `${cms.mediaUrl}/${file}` : `${cms.url}/uploads/${file}`, {
      signal: AbortSignal.timeout(cms.timeoutMs),
      cf: { cacheEverything: true, cacheTtl: 86_400 },
    });
  } catch (error) {
    log.error("media.fetch_failed", { file, error });
    throw new AppError("CMS_UNAVAILABLE", "Media is temporarily unavailable", { cause: error });
  }
  if (upstream.status === 404) throw new AppError("NOT_FOUND", "No such media file");
  if (!upstream.ok) {
    log.error("media.fetch_failed", { file, status: upstream.status });
    throw new AppError("CMS_UNAVAILABLE", "Media is temporarily unavailable");
  }
  return new Response(upstream.body, {
    headers: {
      "Content-Type": type,
      "Cache-Control": access === "public" ? "public, max-age=31536000, immutable" : "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      ...(upstream.headers.get("Content-Length") ? { "Content-Length": upstream.headers.get("Content-Length")! } : {}),
    },
  });
});
