/**
 * Staff: events (the events area of the role map). `/staff/events` (sales by ticket type, places
 * left, waiting list, revenue and VAT), `/staff/events/{id}` (attendees with answers, needs
 * summarised, printable as badges and a sign-in sheet), its CSV, and the door's check-in page,
 * which works on a phone without JavaScript (search by name, or type the ticket's code) and, with
 * it, scans QR codes and keeps check-ins made offline until they can be sent (it asks for JSON).
 * Badges and the sign-in sheet have their own A4 print pages.
 */
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import * as z from "zod";
import { csvHeaders } from "../http/download-headers";
import { stateChangeErrors } from "../services/events/event-cancellation";
import type { StaffEnv } from "../types";
import { BadgesContent } from "../views/events/badges-content";
import { CheckInContent, type CheckInContentProps } from "../views/events/check-in-content";
import { checkInMessage } from "../views/events/check-in-words";
import { SignInSheetContent } from "../views/events/sign-in-sheet-content";
import { StaffEventContent } from "../views/events/staff-event-content";
import { StaffEventsContent } from "../views/events/staff-events-content";
import { PlaceTransferContent } from "../views/events/place-transfer-content";
import type { TransferView } from "../domain/events";
import { readBookingForm, type AttendeeForm, type BookingErrors } from "../shared/event-booking-form";
import { hrefs } from "../shared/links";

const After = z.object({ afterName: z.string().max(120), afterId: z.string().max(64) });
const StateForm = z.object({
  action: z.enum(["cancel", "postpone"], { error: "Choose whether to cancel or postpone the event" }),
  reason: z.string().max(2000).default(""),
  newDateText: z.string().max(500).default(""),
  confirmed: z.literal("1").optional(),
});
const BLANK_FORM = { action: "cancel", reason: "", newDateText: "" } as const;
const ReopenFields = z.object({
  startDate: z.string().max(40).catch(""),
  startTime: z.string().max(40).catch(""),
  endDate: z.string().max(40).catch(""),
  endTime: z.string().max(40).catch(""),
});
const CheckInForm = z.object({ code: z.string().max(200).optional(), attendeeId: z.string().max(64).optional(), q: z.string().max(40).optional() });

type AttendeePage = Awaited<ReturnType<StaffEnv["Variables"]["services"]["staffEvents"]["attendees"]>>;

/** True when the request prefers JSON to HTML (the island's fetch); a browser's form post never does. */
function wantsJson(accept: string | undefined): boolean {
  return /^application\/json\b/.test(accept?.trim() ?? "");
}

function renderCheckIn(
  c: Context<StaffEnv>,
  layout: Awaited<ReturnType<StaffEnv["Variables"]["services"]["content"]["layout"]>>,
  { everyone, found, search, result, csrfToken }: { everyone: AttendeePage; found: AttendeePage | null; search: string } & Pick<CheckInContentProps, "result" | "csrfToken">,
  status: ContentfulStatusCode = 200,
) {
  return c.render(
    <CheckInContent event={everyone.event} everyone={everyone.attendees} more={everyone.next !== null} attendees={found?.attendees ?? []} search={search} result={result} csrfToken={csrfToken} />,
    { layout, head: { pageTitle: `Check-in: ${everyone.event.name}`, noindex: true }, section: null, isPrivate: true, islands: ["check-in"], status },
  );
}

async function renderTransfer(c: Context<StaffEnv>, view: TransferView, attendee: Pick<AttendeeForm, "name" | "email" | "answers">, errors: BookingErrors, refused: string | null, status: ContentfulStatusCode = 200) {
  const layout = await c.var.services.content.layout();
  return c.render(
    <PlaceTransferContent
      view={view}
      action={hrefs.staffTransferPlace(view.event.id, view.place.id)}
      back={{ href: `/staff/events/${encodeURIComponent(view.event.id)}`, text: `Back to ${view.event.name}` }}
      staff
      csrfToken={await c.var.csrfToken()}
      attendee={attendee}
      errors={errors}
      refused={refused}
    />,
    { layout, head: { pageTitle: `Pass a place on: ${view.event.name}`, noindex: true }, section: null, isPrivate: true, status },
  );
}

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
    const id = c.req.param("id");
    const q = c.req.query("q")?.slice(0, 40) ?? "";
    const [layout, everyone, found] = await Promise.all([
      c.var.services.content.layout(),
      c.var.services.staffEvents.attendees(id, {}),
      q ? c.var.services.staffEvents.attendees(id, { search: q }) : null,
    ]);
    return renderCheckIn(c, layout, { everyone, found, search: q, result: null, csrfToken: await c.var.csrfToken() });
  })
  .post("/staff/events/:id/check-in", async (c) => {
    const form = CheckInForm.parse(await c.req.parseBody());
    const id = c.req.param("id");
    const result = await c.var.services.staffEvents.checkIn(id, { code: form.code, attendeeId: form.attendeeId }, c.var.staffMember.email);
    const status = result.outcome === "done" ? 200 : 409;
    // The door's island (client/islands/check-in.ts) asks for JSON: one ticket's outcome, nothing to render.
    if (wantsJson(c.req.header("Accept"))) {
      c.header("Cache-Control", "no-store");
      return c.json({ ...result, message: checkInMessage(result) }, status);
    }
    const q = form.q ?? "";
    const [layout, everyone, found] = await Promise.all([
      c.var.services.content.layout(),
      c.var.services.staffEvents.attendees(id, {}),
      q ? c.var.services.staffEvents.attendees(id, { search: q }) : null,
    ]);
    return renderCheckIn(c, layout, { everyone, found, search: q, result, csrfToken: await c.var.csrfToken() }, status);
  })
  .get("/staff/events/:id/attendees/:attendee/transfer", async (c) => {
    const view = await c.var.services.placeTransfer.open({ kind: "staff", email: c.var.staffMember.email }, c.req.param("attendee"), c.req.param("id"));
    return renderTransfer(c, view, { name: "", email: "", answers: {} }, {}, null);
  })
  .post("/staff/events/:id/attendees/:attendee/transfer", async (c) => {
    const actor = { kind: "staff" as const, email: c.var.staffMember.email };
    const [eventId, attendeeId] = [c.req.param("id"), c.req.param("attendee")];
    // The booking form's reader, for one attendee whose ticket stays what it was.
    const form = readBookingForm({ ...((await c.req.parseBody()) as Record<string, unknown>), places: "1", "a0.ticket": "kept" });
    const attendee = form.attendees[0]!;
    const outcome = await c.var.services.placeTransfer.transfer(actor, attendeeId, attendee, form.errors, eventId);
    if (outcome.kind === "done") return c.redirect(`/staff/events/${encodeURIComponent(eventId)}`, 303);
    const view = await c.var.services.placeTransfer.open(actor, attendeeId, eventId);
    return outcome.kind === "invalid" ? renderTransfer(c, view, attendee, outcome.errors, null, 400) : renderTransfer(c, view, attendee, {}, outcome.message, 409);
  })
  .get("/staff/events/:id/badges", async (c) => {
    const after = After.safeParse(c.req.query());
    const [layout, page] = await Promise.all([c.var.services.content.layout(), c.var.services.staffEvents.attendees(c.req.param("id"), { after: after.success ? { name: after.data.afterName, id: after.data.afterId } : null })]);
    return c.render(<BadgesContent event={page.event} attendees={page.attendees} next={page.next} />, { layout, head: { pageTitle: `Badges: ${page.event.name}`, noindex: true }, section: null, isPrivate: true });
  })
  .get("/staff/events/:id/sign-in-sheet", async (c) => {
    const after = After.safeParse(c.req.query());
    const [layout, page] = await Promise.all([c.var.services.content.layout(), c.var.services.staffEvents.attendees(c.req.param("id"), { after: after.success ? { name: after.data.afterName, id: after.data.afterId } : null })]);
    return c.render(<SignInSheetContent event={page.event} attendees={page.attendees} next={page.next} />, { layout, head: { pageTitle: `Sign-in sheet: ${page.event.name}`, noindex: true }, section: null, isPrivate: true });
  })
  .get("/staff/events/:id", async (c) => {
    const after = After.safeParse(c.req.query());
    const id = c.req.param("id");
    const [layout, page, status] = await Promise.all([
      c.var.services.content.layout(),
      c.var.services.staffEvents.attendees(id, { after: after.success ? { name: after.data.afterName, id: after.data.afterId } : null }),
      c.var.services.eventCancellation.status(id),
    ]);
    const state = { status, form: { csrfToken: await c.var.csrfToken(), form: BLANK_FORM, errors: {}, confirming: false } };
    return c.render(<StaffEventContent {...page} state={state} />, { layout, head: { pageTitle: page.event.name, noindex: true }, section: null, isPrivate: true });
  })
  .post("/staff/events/:id/reopen", async (c) => {
    const id = c.req.param("id");
    const form = ReopenFields.parse(await c.req.parseBody());
    const outcome = await c.var.services.eventReopening.reopen(c.var.staffMember.email, id, form);
    if (outcome.ok) return c.redirect(`/staff/events/${encodeURIComponent(id)}`, 303);
    const [layout, page, status] = await Promise.all([c.var.services.content.layout(), c.var.services.staffEvents.attendees(id, {}), c.var.services.eventCancellation.status(id)]);
    const state = { status, form: { csrfToken: await c.var.csrfToken(), form: BLANK_FORM, errors: {}, confirming: false }, reopen: { form, errors: outcome.errors } };
    return c.render(<StaffEventContent {...page} state={state} />, { layout, head: { pageTitle: page.event.name, noindex: true }, section: null, isPrivate: true, status: 400 });
  })
  .post("/staff/events/:id/state", async (c) => {
    const id = c.req.param("id");
    const parsed = StateForm.safeParse(await c.req.parseBody());
    const form = parsed.success ? parsed.data : { ...BLANK_FORM, ...pickText(await c.req.parseBody()) };
    const errors = parsed.success ? stateChangeErrors(form) : { ...stateChangeErrors(form), reason: "Choose whether to cancel or postpone the event, and give the reason" };
    const confirmed = parsed.success && parsed.data.confirmed === "1";
    if (Object.keys(errors).length === 0 && confirmed) {
      const staffEmail = c.var.staffMember.email;
      if (form.action === "cancel") await c.var.services.eventCancellation.cancel(staffEmail, id, form.reason);
      else await c.var.services.eventCancellation.postpone(staffEmail, id, form.reason, form.newDateText);
      return c.redirect(`/staff/events/${encodeURIComponent(id)}`, 303);
    }
    const [layout, page, status] = await Promise.all([c.var.services.content.layout(), c.var.services.staffEvents.attendees(id, {}), c.var.services.eventCancellation.status(id)]);
    const invalid = Object.keys(errors).length > 0;
    const state = { status, form: { csrfToken: await c.var.csrfToken(), form, errors, confirming: !invalid } };
    return c.render(<StaffEventContent {...page} state={state} />, { layout, head: { pageTitle: page.event.name, noindex: true }, section: null, isPrivate: true, status: invalid ? 400 : 200 });
  });

/** What was typed, kept when the form is refused. */
function pickText(body: Record<string, unknown>): { reason: string; newDateText: string } {
  const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 2000) : "");
  return { reason: text(body.reason), newDateText: text(body.newDateText) };
}
