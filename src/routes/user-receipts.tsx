/**
 * The signed-in user's receipts: GET /user/receipts lists them (with the user's pro-forma invoices and
 * the credit notes of their refunds), GET /user/receipts/:number shows
 * one as a printable page (private, never indexed; works without JavaScript). Someone else's
 * receipt is a 404, as if it did not exist.
 */
import { Hono } from "hono";
import { hrefs } from "../shared/links";
import type { SignedInEnv } from "../types";
import { ReceiptDocument } from "../views/receipts/receipt-document";
import { ReceiptListContent } from "../views/receipts/receipt-list-content";

export const userReceiptRoutes = new Hono<SignedInEnv>()
  .get("/user/receipts", async (c) => {
    const userId = c.var.session.userId;
    const [layout, receipts, proForma, creditNotes] = await Promise.all([
      c.var.services.content.layout(),
      c.var.services.receipts.mine(userId),
      c.var.services.proForma.mine(userId),
      c.var.services.refunds.mine(userId),
    ]);
    return c.render(<ReceiptListContent receipts={receipts} proForma={proForma} creditNotes={creditNotes} />, {
      layout,
      head: { pageTitle: "Your receipts", noindex: true },
      section: "userSettings",
      isPrivate: true,
    });
  })
  .get("/user/receipts/:number", async (c) => {
    const { layout, receipt, issuer } = await c.var.services.receipts.own(c.var.session.userId, c.req.param("number"));
    return c.render(<ReceiptDocument receipt={receipt} issuer={issuer} back={[hrefs.receipts, "All your receipts"]} />, {
      layout,
      head: { pageTitle: `Receipt ${receipt.number}`, noindex: true },
      section: null,
      isPrivate: true,
    });
  });
