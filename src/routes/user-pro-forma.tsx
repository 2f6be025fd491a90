/**
 * GET /user/pro-forma/:number: one of the signed-in user's pro-forma invoices as a printable page
 * (private, never indexed; works without JavaScript). Someone else's is a 404, as if it did not
 * exist. The user's receipts page lists them.
 */
import { Hono } from "hono";
import { hrefs } from "../shared/links";
import type { SignedInEnv } from "../types";
import { ProFormaDocument } from "../views/receipts/pro-forma-document";

export const userProFormaRoutes = new Hono<SignedInEnv>().get("/user/pro-forma/:number", async (c) => {
  const { layout, invoice, issuer, paymentInstructions } = await c.var.services.proForma.own(c.var.session.userId, c.req.param("number"));
  return c.render(<ProFormaDocument invoice={invoice} issuer={issuer} paymentInstructions={paymentInstructions} back={[hrefs.receipts, "Your receipts and invoices"]} />, {
    layout,
    head: { pageTitle: `Pro-forma invoice ${invoice.number}`, noindex: true },
    section: null,
    isPrivate: true,
  });
});
