/**
 * /user/membership: the member's record, how to pay (card or offline), receipts and, for
 * card-paid members, the billing portal. And the application's payment actions:
 *   POST /user/membership/pay-by-card     (re)opens Stripe Checkout for the application
 *   POST /user/membership/pay-offline     switches the application to bank transfer or cheque
 *   POST /user/membership/billing-portal  Stripe's customer portal for a card-paid member
 *   POST /user/membership/renew           an offline member's renewal for the next year (once per period)
 * Each needs a session and acts only on the signed-in user's own application.
 */
import { Hono } from "hono";
import { requireSession } from "../middleware/require-session";
import type { HonoEnv } from "../types";
import { MembershipStatusContent } from "../views/membership/membership-status-content";

export const userMembershipRoutes = new Hono<HonoEnv>()
  .use("/user/membership", requireSession())
  .use("/user/membership/*", requireSession())
  .get("/user/membership", async (c) => {
    const { membership, config } = c.var;
    const userId = c.var.session!.userId;
    const notice = await membership.checkoutReturn(userId, { checkout: c.req.query("checkout"), sessionId: c.req.query("session_id"), payment: c.req.query("payment") });
    const [layout, overview, joinPage] = await Promise.all([
      c.var.content.layout(),
      membership.overview(userId),
      // The join page's success message, right after an application or its card payment.
      c.req.query("joined") === "1" || notice === "confirmed" ? c.var.content.joinPage() : Promise.resolve(null),
    ]);
    return c.render(
      <MembershipStatusContent
        record={overview.record}
        status={overview.status}
        application={overview.application}
        payments={overview.payments}
        refundDue={overview.refundDue}
        successMessage={joinPage?.successMessage ?? null}
        offlineInstructions={config.membership.offlinePaymentInstructions}
        notice={notice}
        cardPayments={config.stripe !== null}
        csrfToken={await c.var.csrfToken()}
        state={overview.state}
        openApplications={overview.openApplications}
        renewal={overview.renewal}
        renewalRequested={c.req.query("renewal") === "requested"}
      />,
      { layout, head: { pageTitle: "Your membership", noindex: true }, section: "userSettings", isPrivate: true, islands: ["membership"] },
    );
  })
  .post("/user/membership/pay-by-card", async (c) => c.redirect(await c.var.membership.payByCard(c.var.session!.userId), 303))
  .post("/user/membership/pay-offline", async (c) => {
    await c.var.membership.payOffline(c.var.session!.userId);
    return c.redirect("/user/membership", 303);
  })
  .post("/user/membership/renew", async (c) => c.redirect(await c.var.membershipYear.renew(c.var.session!.userId), 303))
  .post("/user/membership/billing-portal", async (c) => c.redirect(await c.var.membership.billingPortalUrl(c.var.session!.userId), 303));
