/**
 * Staff: any receipt, as its payer sees it (GET /staff/receipts/:number), reached from the
 * application's or the order's page, and back to it.
 */
import { Hono } from "hono";
import type { StaffEnv } from "../types";
import { ReceiptDocument } from "../views/receipts/receipt-document";

export const staffReceiptRoutes = new Hono<StaffEnv>()
  .get("/staff/receipts/:number", async (c) => {
    const { layout, receipt, issuer } = await c.var.services.receipts.any(c.req.param("number"));
    const back: readonly [string, string] = receipt.orderId
      ? [`/staff/orders/${encodeURIComponent(receipt.orderId)}`, "The order"]
      : [`/staff/applications/${encodeURIComponent(receipt.applicationId ?? "")}`, "The application"];
    return c.render(<ReceiptDocument receipt={receipt} issuer={issuer} back={back} />, {
      layout,
      head: { pageTitle: `Receipt ${receipt.number}`, noindex: true },
      section: null,
      isPrivate: true,
    });
  });
