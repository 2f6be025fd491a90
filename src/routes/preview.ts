/**
 * Editors' draft preview. The CMS's "Open preview" button opens
 * `/api/preview?secret=…&url=/path&status=draft`: with the right PREVIEW_SECRET (compared in
 * constant time) the browser gets a short-lived signed, HttpOnly preview cookie and goes to the
 * path (a path on this site only, checked like every callback URL). `status=published` (the
 * button on a published entry) leaves preview and shows the published page.
 * `/api/preview/exit` clears the cookie. Preview off (no PREVIEW_SECRET): 404.
 */
import { Hono } from "hono";
import { AppError } from "../errors";
import { cookies } from "../middleware/session/cookies";
import { safeCallbackUrl } from "../services/auth/callback-url";
import { PREVIEW_MAX_AGE_SECONDS, signPreviewToken } from "../services/preview/preview-token";
import { secretsMatch } from "../services/secrets";
import type { HonoEnv } from "../types";

export const previewRoutes = new Hono<HonoEnv>()
  .get("/api/preview", async (c) => {
    const preview = c.var.config.preview;
    if (!preview) throw new AppError("NOT_FOUND", "Draft preview is not configured (PREVIEW_SECRET)");
    if (!(await secretsMatch(c.req.query("secret") ?? "", preview.secret))) {
      throw new AppError("UNAUTHORIZED", "The preview link's secret is wrong: open the preview from the CMS again");
    }
    const status = c.req.query("status") ?? "draft";
    if (status !== "draft" && status !== "published") throw new AppError("BAD_REQUEST", 'status must be "draft" or "published"');
    const to = safeCallbackUrl(c.req.query("url"), c.var.config.site.url);
    if (status === "draft") {
      const expires = Math.floor(Date.now() / 1000) + PREVIEW_MAX_AGE_SECONDS;
      cookies.setPreview(c, await signPreviewToken(preview.secret, expires), PREVIEW_MAX_AGE_SECONDS);
    } else {
      cookies.clearPreview(c);
    }
    c.header("Cache-Control", "private, no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(to, 303);
  })
  .get("/api/preview/exit", (c) => {
    cookies.clearPreview(c);
    c.header("Cache-Control", "private, no-store");
    return c.redirect(safeCallbackUrl(c.req.query("url"), c.var.config.site.url), 303);
  });
