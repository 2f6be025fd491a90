/**
 * /user/events (user-settings sidebar): the user's confirmed event bookings and their tickets,
 * and their open waiting-list offers; /user/events/offers/{entry}, the offer's claim page (the
 * link in its e-mail), which names the attendee and puts the held place in the cart.
 */
import { Hono, type Context } from "hono";
import type { OfferView } from "../domain/events";
import { itemsParam } from "../shared/cart-query";
import { readBookingForm, type AttendeeForm, type BookingErrors } from "../shared/event-booking-form";
import type { SignedInEnv } from "../types";
import { UserEventsContent } from "../views/events/user-events-content";
import { WaitlistOfferContent } from "../views/events/waitlist-offer-content";
import { PlaceTransferContent } from "../views/events/place-transfer-content";
import type { TransferView } from "../domain/events";
import { hrefs } from "../shared/links";
import * as z from "zod";
import { PostponedCancellationContent } from "../views/events/postponed-cancellation-content";

const CancelledQuery = z.enum(["card", "bank", "none"]);

async function renderOffer(c: Context<SignedInEnv>, view: OfferView, attendee: Pick<AttendeeForm, "name" | "email" | "answers">, errors: BookingErrors, status: 200 | 400 = 200) {
  const layout = await c.var.services.content.layout();
  return c.render(<WaitlistOfferContent view={view} csrfToken={await c.var.csrfToken()} attendee={attendee} errors={errors} />, {
    layout,
    head: { pageTitle: `A place for you: ${view.event.name}`, noindex: true },
    section: "userSettings",
    isPrivate: true,
    status,
  });
}

async function renderTransfer(c: Context<SignedInEnv>, view: TransferView, attendee: Pick<AttendeeForm, "name" | "email" | "answers">, errors: BookingErrors, refused: string | null, status: 200 | 400 | 409 = 200) {
  const layout = await c.var.services.content.layout();
  return c.render(
    <PlaceTransferContent
      view={view}
      action={hrefs.transferPlace(view.place.id)}
      back={{ href: hrefs.myEvents, text: "Back to my events" }}
      staff={false}
      csrfToken={await c.var.csrfToken()}
      attendee={attendee}
      errors={errors}
      refused={refused}
    />,
    { layout, head: { pageTitle: `Pass a place on: ${view.event.name}`, noindex: true }, section: "userSettings", isPrivate: true, status },
  );
}

const BLANK_ATTENDEE = { name: "", email: "", answers: {} };

export const userEventsRoutes = new Hono<SignedInEnv>()
  .get("/user/events", async (c) => {
    const userId = c.var.session.userId;
    const [layout, bookings, offers] = await Promise.all([c.var.services.content.layout(), c.var.services.events.myBookings(userId), c.var.services.offerClaims.mine(userId)]);
    const cancelled = CancelledQuery.safeParse(c.req.query("cancelled"));
    return c.render(<UserEventsContent bookings={bookings} offers={offers} transferred={c.req.query("transferred") === "1"} cancelled={cancelled.success ? cancelled.data : null} />, {
      layout,
      head: { pageTitle: "My events", noindex: true },
      section: "userSettings",
      isPrivate: true,
    });
  })
  .get("/user/events/bookings/:booking/cancel", async (c) => {
    const [layout, view] = await Promise.all([c.var.services.content.layout(), c.var.services.postponedCancellation.open(c.var.session.userId, c.req.param("booking"))]);
    return c.render(<PostponedCancellationContent view={view} csrfToken={await c.var.csrfToken()} />, {
      layout,
      head: { pageTitle: `Cancel your booking: ${view.event.name}`, noindex: true },
      section: "userSettings",
      isPrivate: true,
      status: view.refusal ? 409 : 200,
    });
  })
  .post("/user/events/bookings/:booking/cancel", async (c) => {
    const done = await c.var.services.postponedCancellation.cancel(c.var.session.userId, c.req.param("booking"));
    return c.redirect(`${hrefs.myEvents}?cancelled=${done.refund}`, 303);
  })
  .get("/user/events/places/:attendee/transfer", async (c) => {
    const view = await c.var.services.placeTransfer.open({ kind: "buyer", userId: c.var.session.userId }, c.req.param("attendee"));
    return renderTransfer(c, view, BLANK_ATTENDEE, {}, null);
  })
  .post("/user/events/places/:attendee/transfer", async (c) => {
    const actor = { kind: "buyer" as const, userId: c.var.session.userId };
    const attendeeId = c.req.param("attendee");
    // The booking form's reader, for one attendee whose ticket stays what it was.
    const form = readBookingForm({ ...((await c.req.parseBody()) as Record<string, unknown>), places: "1", "a0.ticket": "kept" });
    const attendee = form.attendees[0]!;
    const outcome = await c.var.services.placeTransfer.transfer(actor, attendeeId, attendee, form.errors);
    if (outcome.kind === "done") return c.redirect(`${hrefs.myEvents}?transferred=1`, 303);
    const view = await c.var.services.placeTransfer.open(actor, attendeeId);
    return outcome.kind === "invalid" ? renderTransfer(c, view, attendee, outcome.errors, null, 400) : renderTransfer(c, view, attendee, {}, outcome.message, 409);
  })
  .get("/user/events/offers/:entry", async (c) => {
    const view = await c.var.services.offerClaims.openOffer(c.req.param("entry"), c.var.session.userId);
    return renderOffer(c, view, { name: "", email: c.var.session.email ?? "", answers: {} }, {});
  })
  .post("/user/events/offers/:entry", async (c) => {
    const entry = c.req.param("entry");
    const form = readBookingForm({ ...((await c.req.parseBody()) as Record<string, unknown>), places: "1" });
    const attendee = form.attendees[0]!;
    const buyer = { ...(await c.var.buyer()), userId: c.var.session.userId };
    const outcome = await c.var.services.offerClaims.claim(entry, buyer, attendee, form.errors);
    if (outcome.kind === "invalid") return renderOffer(c, await c.var.services.offerClaims.openOffer(entry, buyer.userId), attendee, outcome.errors, 400);
    // `add`, not `items`: whatever else the cart holds (kept in the browser) stays in it.
    return c.redirect(`/cart?${new URLSearchParams({ add: itemsParam([{ kind: "booking" as const, id: outcome.bookingId }]) })}`, 303);
  });
