/**
 * Staff: any credit note, printable (GET /staff/credit-notes/:number), reached from the refunded
 * order's or membership payment's page, and back to it (both finance pages, as this one is).
 */
import { Hono } from "hono";
import { hrefs } from "../shared/links";
import type { StaffEnv } from "../types";
import { CreditNoteDocument } from "../views/receipts/credit-note-document";

export const staffCreditNoteRoutes = new Hono<StaffEnv>()
  .get("/staff/credit-notes/:number", async (c) => {
    const { layout, note, issuer, lines, billing } = await c.var.services.refunds.creditNote(c.req.param("number"));
    const back: readonly [string, string] = note.orderId
      ? [`/staff/orders/${encodeURIComponent(note.orderId)}`, "The order"]
      : [hrefs.staffPaymentRefund(note.paymentId), "The payment"];
    return c.render(<CreditNoteDocument note={note} issuer={issuer} lines={lines} billing={billing} back={back} />, {
      layout,
      head: { pageTitle: `Credit note ${note.number}`, noindex: true },
      section: null,
      isPrivate: true,
    });
  });
