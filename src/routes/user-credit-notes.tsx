/**
 * GET /user/credit-notes/:number: a credit note of a refund of one of the signed-in user's own
 * payments, as a printable page in the same document view staff use (private, never indexed;
 * works without JavaScript). Someone else's is a 404, as if it did not exist. The user's
 * receipts page lists them.
 */
import { Hono } from "hono";
import { hrefs } from "../shared/links";
import type { SignedInEnv } from "../types";
import { CreditNoteDocument } from "../views/receipts/credit-note-document";

export const userCreditNoteRoutes = new Hono<SignedInEnv>().get("/user/credit-notes/:number", async (c) => {
  const userId = c.var.session.userId;
  const { layout, note, issuer, lines, billing } = await c.var.services.refunds.creditNote(c.req.param("number"), (n) => n.userId === userId);
  return c.render(<CreditNoteDocument note={note} issuer={issuer} lines={lines} billing={billing} back={[hrefs.receipts, "Your receipts and invoices"]} />, {
    layout,
    head: { pageTitle: `Credit note ${note.number}`, noindex: true },
    section: null,
    isPrivate: true,
  });
});
