/**
 * /user/membership (spec: the page after sign-up): the member's record, how to pay (card or
 * offline), receipts and, for card-paid members, the billing portal.
 */
import { Hono } from "hono";
import { createApplicationStore } from "../adapters/d1/applications";
import { createMembershipStore } from "../adapters/d1/memberships";
import { isActiveMember } from "../services/membership/active-member";
import { isRefundDue } from "../services/membership/refunds";
import { ownMembership } from "../services/membership/own-membership";
import { completeMembershipCheckout } from "../services/payments/membership-billing";
import type { HonoEnv } from "../types";
import { MembershipStatusContent, type ShownStatus } from "../views/membership/membership-status-content";
import { requireSession } from "./account";
import { csrfFormToken } from "./auth-helpers";
import { checkoutNotice } from "./checkout-return";
import type { CheckoutNotice } from "../views/components/checkout-notice";
import { renderScreen, siteContext } from "./screen";

/** What applicants read under "How to pay" unless OFFLINE_PAYMENT_INSTRUCTIONS says otherwise. */
export const DEFAULT_OFFLINE_INSTRUCTIONS =
  "Pay by bank transfer to The Guild of Example Physiotherapists, sort code 00-00-00, account 00000000, quoting your payment reference, " +
  "or send a cheque payable to The Guild of Example Physiotherapists with your reference on the back to the address at the foot of this page.";

/** What the page says on return from Checkout; for a closed application, the refund note says it all. */
const RETURN_NOTICES = { recorded: "confirmed", "not-paid": "confirming", closed: null } as const satisfies Record<string, CheckoutNotice>;

export const userMembershipRoutes = new Hono<HonoEnv>().use("/user/membership", requireSession).get("/user/membership", async (c) => {
  const session = c.var.session!;
  const { db } = c.var.config.bindings;
  const notice = await checkoutNotice(c, "membership", async (payments, paid) => RETURN_NOTICES[await completeMembershipCheckout(payments, paid)]);
  const applications = createApplicationStore(db);
  const [layout, { record, application }, joinPage] = await Promise.all([
    c.var.content.layout(),
    ownMembership({ memberships: createMembershipStore(db), applications }, session.userId),
    // The join page's success message, right after an application or its card payment.
    c.req.query("joined") === "1" || notice === "confirmed" ? c.var.content.joinPage() : Promise.resolve(null),
  ]);
  const payments = application ? await applications.payments(application.id) : [];
  let status: ShownStatus | null = record?.status ?? null;
  if (status === "active" && !isActiveMember(record, new Date(), c.var.config.membership.graceDays)) status = "lapsed";
  return renderScreen(c, {
    layout,
    site: siteContext(c),
    head: { pageTitle: "Your membership", noindex: true },
    section: "userSettings",
    isPrivate: true,
    islands: ["membership"],
    children: (
      <MembershipStatusContent
        record={record}
        status={status}
        application={application}
        payments={payments}
        refundDue={application !== null && isRefundDue(application, payments.reduce((sum, p) => sum + p.amountPence, 0))}
        successMessage={joinPage?.successMessage ?? null}
        offlineInstructions={c.var.config.membership.offlinePaymentInstructions ?? DEFAULT_OFFLINE_INSTRUCTIONS}
        notice={notice}
        cardPayments={c.var.config.stripe !== null}
        csrfToken={await csrfFormToken(c)}
      />
    ),
  });
});
