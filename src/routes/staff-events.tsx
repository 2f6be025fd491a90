/**
 * Staff: events (the events area of the role map). `/staff/events` (sales by ticket type, places
 * left, waiting list, revenue and VAT), `/staff/events/{id}` (attendees with answers, needs
 * summarised, printable as badges and a sign-in sheet), its CSV, and the door's check-in page,
 * which works on a phone without JavaScript (search by name, or type the ticket's code).
 */
import { Hono } from "hono";
import * as z from "zod";
import { csvHeaders } from "../http/download-headers";
import type { StaffEnv } from "../types";
import { CheckInContent } from "../views/events/check-in-content";
import { StaffEventContent } from "../views/events/staff-event-content";
import { StaffEventsContent } from "../views/events/staff-events-content";

const After = z.object({ afterName: z.string().max(120), afterId: z.string().max(64) });
const CheckInForm = z.object({ code: z.string().max(200).optional(), attendeeId: z.string().max(64).optional(), q: z.string().max(40).optional() });

export const staffEventsRoutes = new Hono<StaffEnv>()
  .get("/staff/events", async (c) => {
    const [layout, events] = await Promise.all([c.var.services.content.layout(), c.var.services.staffEvents.overview()]);
    return c.render(<StaffEventsContent events={events} />, { layout, head: { pageTitle: "Events", noindex: true }, section: null, isPrivate: true });
  })
  .get("/staff/events/:id/attendees.csv", async (c) => {
    const lines = c.var.services.staffEvents.attendeesCsv(c.req.param("id"));
    const encoder = new TextEncoder();
    const first = await lines.next();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        if (!first.done) controller.enqueue(encoder.encode(first.value));
      },
      async pull(controller) {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
    });
    return c.body(stream, 200, csvHeaders(`event-${c.req.param("id")}-attendees`, new Date()));
  })
  .get("/staff/events/:id/check-in", async (c) => {
    const q = c.req.query("q")?.slice(0, 40) ?? "";
    const [layout, page] = await Promise.all([c.var.services.content.layout(), c.var.services.staffEvents.attendees(c.req.param("id"), { search: q })]);
    return c.render(<CheckInContent event={page.event} attendees={q ? page.attendees : []} search={q} result={null} csrfToken={await c.var.csrfToken()} />, {
      layout,
      head: { pageTitle: `Check-in: ${page.event.name}`, noindex: true },
      section: null,
      isPrivate: true,
    });
  })
  .post("/staff/events/:id/check-in", async (c) => {
    const form = CheckInForm.parse(await c.req.parseBody());
    const id = c.req.param("id");
    const result = await c.var.services.staffEvents.checkIn(id, { code: form.code, attendeeId: form.attendeeId }, c.var.staffMember.email);
    const q = form.q ?? "";
    const [layout, page] = await Promise.all([c.var.services.content.layout(), c.var.services.staffEvents.attendees(id, { search: q })]);
    return c.render(<CheckInContent event={page.event} attendees={q ? page.attendees : []} search={q} result={result} csrfToken={await c.var.csrfToken()} />, {
      layout,
      head: { pageTitle: `Check-in: ${page.event.name}`, noindex: true },
      section: null,
      isPrivate: true,
      status: result.outcome === "done" ? 200 : 409,
    });
  })
  .get("/staff/events/:id", async (c) => {
    const after = After.safeParse(c.req.query());
    const [layout, page] = await Promise.all([c.var.services.content.layout(), c.var.services.staffEvents.attendees(c.req.param("id"), { after: after.success ? { name: after.data.afterName, id: after.data.afterId } : null })]);
    return c.render(<StaffEventContent {...page} />, { layout, head: { pageTitle: page.event.name, noindex: true }, section: null, isPrivate: true });
  });
