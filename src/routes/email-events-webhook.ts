/**
 * POST /api/email/events — bounces and complaints reported for the site's e-mail, signed with
 * EMAIL_EVENTS_SECRET (services/email/event-signature.ts). A bad signature gets 401 and changes
 * nothing; without the secret the address does not exist. Exempt from the CSRF check: the sender
 * signs instead of a browser token.
 */
import { Hono } from "hono";
import { AppError } from "../errors";
import { EMAIL_EVENTS_PATH } from "../services/email/delivery-events";
import { SIGNATURE_HEADER } from "../services/email/event-signature";
import type { HonoEnv } from "../types";

/** A report of a hundred events is far smaller. */
const MAX_BODY_BYTES = 256 * 1024;

export const emailEventsWebhookRoutes = new Hono<HonoEnv>().post(EMAIL_EVENTS_PATH, async (c) => {
  if (Number(c.req.header("Content-Length") ?? 0) > MAX_BODY_BYTES) throw new AppError("BAD_REQUEST", "The report is too large");
  const body = await c.req.text();
  if (body.length > MAX_BODY_BYTES) throw new AppError("BAD_REQUEST", "The report is too large");
  const outcome = await c.var.services.deliveryEvents.receive(body, c.req.header(SIGNATURE_HEADER));
  return c.json(outcome);
});
