/**
 * Staff: any credit note, printable (GET /staff/credit-notes/:number), reached from the refunded
 * order's page, and back to it.
 */
import { Hono } from "hono";
import { requireStaff } from "../middleware/require-staff";
import type { HonoEnv } from "../types";
import { CreditNoteDocument } from "../views/receipts/credit-note-document";

export const staffCreditNoteRoutes = new Hono<HonoEnv>()
  // Also gated here, so this route is never reachable without the check however it is mounted.
  .use("/staff/*", requireStaff())
  .get("/staff/credit-notes/:number", async (c) => {
    const { layout, note, issuer } = await c.var.refunds.creditNote(c.req.param("number"));
    const back: readonly [string, string] = note.orderId
      ? [`/staff/orders/${encodeURIComponent(note.orderId)}`, "The order"]
      : [`/staff/applications/${encodeURIComponent(note.applicationId ?? "")}`, "The application"];
    return c.render(<CreditNoteDocument note={note} issuer={issuer} back={back} />, {
      layout,
      head: { pageTitle: `Credit note ${note.number}`, noindex: true },
      section: null,
      isPrivate: true,
    });
  });
