/**
 * GET /webinars/{slug}/calendar.ics — an add-to-calendar file for a webinar still to come. Public
 * (it carries the webinar's public page, never its Zoom link: entitled users find that on the
 * page), so shared caches may keep it briefly. Past webinars have none (404).
 */
import { Hono } from "hono";
import { AppError } from "../errors";
import { webinarIcs } from "../shared/calendar/webinar-ics";
import type { HonoEnv } from "../types";
import { hrefs } from "../shared/links";

export const webinarCalendarRoutes = new Hono<HonoEnv>().get("/webinars/:slug/calendar.ics", async (c) => {
  const slug = c.req.param("slug");
  const webinar = await c.var.services.content.webinar(slug);
  if (!webinar) throw new AppError("NOT_FOUND", "No such webinar");
  const start = new Date(webinar.date);
  const end = new Date(start.getTime() + Math.max(webinar.durationMinutes, 0) * 60_000);
  const now = new Date();
  if (Number.isNaN(start.getTime()) || end.getTime() <= now.getTime()) throw new AppError("NOT_FOUND", "This webinar has already taken place");
  const { site } = c.var.config;
  const url = `${site.url}${hrefs.webinar(webinar.slug)}`;
  const body = webinarIcs({
    uid: `webinar-${webinar.id}@${new URL(site.url).hostname}`,
    title: webinar.name,
    start,
    end,
    url,
    description: `${webinar.name}: a live webinar from ${site.name}. Your link to join is on the webinar's page when you sign in: ${url}`,
    now,
    organizerName: site.name,
  });
  c.header("Content-Type", "text/calendar; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="${webinar.slug.replace(/[^A-Za-z0-9_-]/g, "") || "webinar"}.ics"`);
  c.header("Cache-Control", "public, max-age=300");
  return c.body(body);
});
