/**
 * Events for visitors and members (issue 27): `/events` (upcoming, filtered by format, month and
 * CPD; past ones archived), `/events/{slug}` (programme, speakers, venue, the tickets this viewer
 * may buy with what is left, the booking form), its `.ics` file, and POST `/events/{slug}/book`,
 * which holds the places and sends the buyer to the cart (the one checkout webinars use).
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import type { EventPage } from "../domain/events";
import { webinarIcs } from "../shared/calendar/webinar-ics";
import { itemsParam } from "../shared/cart-query";
import { placesCount, readBookingForm, type AttendeeForm, type BookingErrors } from "../shared/event-booking-form";
import { hrefs, signInRedirectUrl } from "../shared/links";
import type { HonoEnv } from "../types";
import { EventContent } from "../views/events/event-content";
import { EventListContent } from "../views/events/event-list-content";
import { TicketContent } from "../views/events/ticket-content";

const ListQuery = z.object({
  format: z.enum(["in-person", "online", "hybrid"]).optional().catch(undefined),
  month: z.string().regex(/^\d{4}-\d{2}$/).optional().catch(undefined),
  cpd: z.string().optional(),
});

async function renderEvent(
  c: Context<HonoEnv>,
  page: EventPage,
  form: { places: number; attendees: readonly AttendeeForm[]; errors: BookingErrors; notice: string | null },
  status: 200 | 400 | 409 = 200,
) {
  const layout = await c.var.services.content.layout();
  const { site } = c.var.config;
  const path = hrefs.event(page.event.slug);
  return c.render(
    <EventContent
      page={page}
      url={`${site.url}${path}`}
      organizer={site.name}
      booking={c.var.session ? { csrfToken: await c.var.csrfToken(), places: form.places, attendees: form.attendees, errors: form.errors } : null}
      signInHref={signInRedirectUrl(path)}
      notice={form.notice}
    />,
    {
      layout,
      head: { pageTitle: page.event.seo?.metaTitle ?? page.event.name, pageDescription: page.event.seo?.metaDescription ?? page.event.summary ?? undefined, pageSeo: page.event.seo, ogType: "article" },
      section: null,
      isPrivate: c.var.session !== null,
      status,
    },
  );
}

export const eventRoutes = new Hono<HonoEnv>()
  .get("/events", async (c) => {
    const query = ListQuery.parse(c.req.query());
    const filter = { format: query.format ?? null, month: query.month ?? null, cpd: query.cpd === "1" };
    const buyer = await c.var.buyer();
    const [layout, list] = await Promise.all([c.var.services.content.layout(), c.var.services.events.list(filter, buyer)]);
    return c.render(<EventListContent {...list} filter={filter} />, {
      layout,
      head: { pageTitle: "Events", pageDescription: "Conferences, study days, courses and online workshops." },
      section: null,
      isPrivate: c.var.session !== null,
    });
  })
  .get("/events/tickets/:code", async (c) => {
    const [layout, ticket] = await Promise.all([c.var.services.content.layout(), c.var.services.eventTicket(c.req.param("code"))]);
    return c.render(<TicketContent ticket={ticket} />, { layout, head: { pageTitle: `Your ticket: ${ticket.event.name}`, noindex: true }, section: null, isPrivate: true });
  })
  .get("/events/:slug/calendar.ics", async (c) => {
    const event = await c.var.services.events.forCalendar(c.req.param("slug"), await c.var.buyer());
    if (!event) return c.notFound();
    const { site } = c.var.config;
    const url = `${site.url}${hrefs.event(event.slug)}`;
    const where = event.venue ? ` at ${event.venue.name}` : event.format === "online" ? " online" : "";
    c.header("Content-Type", "text/calendar; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="${event.slug.replace(/[^A-Za-z0-9_-]/g, "") || "event"}.ics"`);
    c.header("Cache-Control", "private, max-age=300");
    return c.body(
      webinarIcs({
        uid: `event-${event.id}@${new URL(site.url).hostname}`,
        title: event.name,
        start: new Date(event.startsAt),
        end: new Date(event.endsAt),
        url,
        description: `${event.name}${where}, from ${site.name}. Details and your tickets: ${url}`,
        now: new Date(),
        organizerName: site.name,
      }),
    );
  })
  .get("/events/:slug", async (c) => {
    const page = await c.var.services.events.page(c.req.param("slug"), await c.var.buyer());
    return renderEvent(c, page, { places: placesCount(c.req.query("places")), attendees: [], errors: {}, notice: null });
  })
  .post("/events/:slug/waitlist", async (c) => {
    const slug = c.req.param("slug");
    const session = c.var.session;
    if (!session) return c.redirect(signInRedirectUrl(hrefs.event(slug)), 303);
    await c.var.services.events.joinWaitlist(slug, { ...(await c.var.buyer()), userId: session.userId }, session.email ?? "");
    return c.redirect(`${hrefs.event(slug)}#waiting-list`, 303);
  })
  .post("/events/:slug/book", async (c) => {
    const slug = c.req.param("slug");
    const session = c.var.session;
    if (!session) return c.redirect(signInRedirectUrl(hrefs.event(slug)), 303);
    const body = (await c.req.parseBody()) as Record<string, unknown>;
    const form = readBookingForm(body);
    const places = placesCount(body["places"]);
    const buyer = { ...(await c.var.buyer()), userId: session.userId };
    const { page, outcome } = await c.var.services.events.hold(slug, buyer, form.attendees, form.errors);
    switch (outcome.kind) {
      case "held":
        // `add`, not `items`: whatever else the cart holds (kept in the browser) stays in it.
        return c.redirect(`/cart?${new URLSearchParams({ add: itemsParam(outcome.bookingIds.map((id) => ({ kind: "booking" as const, id }))) })}`, 303);
      case "invalid":
        return renderEvent(c, page, { places, attendees: form.attendees, errors: outcome.errors, notice: null }, 400);
      case "gone":
        return renderEvent(c, page, { places, attendees: form.attendees, errors: {}, notice: outcome.message }, 409);
    }
  });
