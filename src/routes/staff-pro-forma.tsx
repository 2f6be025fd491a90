/**
 * Staff and pro-forma invoices: GET /staff/pro-forma/:number shows any as its payer sees it;
 * POST /staff/applications/:id/pro-forma and /staff/orders/:id/pro-forma issue one for an
 * application awaiting payment or an order awaiting a bank transfer (the one already issued when
 * nothing on it has changed) and go to it. Finance area (the staff gate checks the role).
 */
import { Hono } from "hono";
import { hrefs } from "../shared/links";
import type { StaffEnv } from "../types";
import { ProFormaDocument } from "../views/receipts/pro-forma-document";

export const staffProFormaRoutes = new Hono<StaffEnv>()
  .get("/staff/pro-forma/:number", async (c) => {
    const { layout, invoice, issuer, paymentInstructions } = await c.var.services.proForma.any(c.req.param("number"));
    const back: readonly [string, string] = invoice.orderId
      ? [`/staff/orders/${encodeURIComponent(invoice.orderId)}`, "The order"]
      : [`/staff/applications/${encodeURIComponent(invoice.applicationId ?? "")}`, "The application"];
    return c.render(<ProFormaDocument invoice={invoice} issuer={issuer} paymentInstructions={paymentInstructions} back={back} />, {
      layout,
      head: { pageTitle: `Pro-forma invoice ${invoice.number}`, noindex: true },
      section: null,
      isPrivate: true,
    });
  })
  .post("/staff/applications/:id/pro-forma", async (c) => {
    const invoice = await c.var.services.proForma.issueForApplication(c.req.param("id"), c.var.session.email ?? "staff");
    return c.redirect(hrefs.staffProForma(invoice.number), 303);
  })
  .post("/staff/orders/:id/pro-forma", async (c) => {
    const invoice = await c.var.services.proForma.issueForOrder(c.req.param("id"), c.var.session.email ?? "staff");
    return c.redirect(hrefs.staffProForma(invoice.number), 303);
  });
