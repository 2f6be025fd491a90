/** /user/events (user-settings sidebar): the user's confirmed event bookings and their tickets. */
import { Hono } from "hono";
import type { SignedInEnv } from "../types";
import { UserEventsContent } from "../views/events/user-events-content";

export const userEventsRoutes = new Hono<SignedInEnv>().get("/user/events", async (c) => {
  const [layout, bookings] = await Promise.all([c.var.services.content.layout(), c.var.services.events.myBookings(c.var.session.userId)]);
  return c.render(<UserEventsContent bookings={bookings} />, { layout, head: { pageTitle: "My events", noindex: true }, section: "userSettings", isPrivate: true });
});
