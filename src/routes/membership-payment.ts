/**
 * Paying for a membership application by card, and the billing portal (docs/decisions/0007):
 *   POST /user/membership/pay-by-card     (re)opens Stripe Checkout for the application
 *   POST /user/membership/pay-offline     switches the application to bank transfer or cheque
 *   POST /user/membership/billing-portal  Stripe's customer portal for a card-paid member
 * Each needs a session and acts only on the signed-in user's own application.
 */
import { Hono, type Context } from "hono";
import type { Application } from "../domain/membership";
import { createApplicationStore } from "../adapters/d1/applications";
import { createMembershipStore } from "../adapters/d1/memberships";
import { AppError } from "../errors";
import { log } from "../log";
import { safeRedirect } from "../services/payments/checkout-session";
import { membershipCheckoutUrl } from "../services/payments/membership-checkout";
import { ownMembership } from "../services/membership/own-membership";
import { membershipTerms } from "../services/membership/terms";
import type { MembershipTerms } from "../domain/membership";
import type { HonoEnv } from "../types";
import { requireSession } from "./account";
import { cardPayments } from "./payment-services";

/** Stripe Checkout's URL for the application, or the membership page saying card payment is unavailable. */
export async function cardCheckoutOrFallback(c: Context<HonoEnv>, application: Application, terms: MembershipTerms | undefined): Promise<string> {
  const payments = cardPayments(c);
  if (!payments || !terms) return "/user/membership?payment=unavailable";
  try {
    const record = await createMembershipStore(c.var.config.bindings.db).forUser(application.userId);
    return await membershipCheckoutUrl(payments, application, terms, record?.stripeCustomerId ?? null);
  } catch (error) {
    // The application is kept; the member page offers card payment again, or offline payment.
    log.error("membership.checkout_failed", { applicationId: application.id, error });
    return "/user/membership?payment=unavailable";
  }
}

async function ownApplication(c: Context<HonoEnv>): Promise<Application> {
  const session = c.var.session!;
  const db = c.var.config.bindings.db;
  const { application } = await ownMembership({ memberships: createMembershipStore(db), applications: createApplicationStore(db) }, session.userId);
  if (!application) throw new AppError("NOT_FOUND", "You have no membership application");
  return application;
}

export const membershipPaymentRoutes = new Hono<HonoEnv>()
  .use("/user/membership/*", requireSession)
  .post("/user/membership/pay-by-card", async (c) => {
    const application = await ownApplication(c);
    if (application.status !== "awaiting_payment") return c.redirect("/user/membership", 303);
    const [memberships, pages] = await Promise.all([c.var.content.memberships(), c.var.content.allGeneralPages()]);
    const terms = membershipTerms(memberships, pages).get(application.membershipSlug);
    if (application.paymentMethod !== "card") await createApplicationStore(c.var.config.bindings.db).setPaymentMethod(application, "card");
    return c.redirect(await cardCheckoutOrFallback(c, { ...application, paymentMethod: "card" }, terms), 303);
  })
  .post("/user/membership/pay-offline", async (c) => {
    const application = await ownApplication(c);
    if (application.status === "awaiting_payment") await createApplicationStore(c.var.config.bindings.db).setPaymentMethod(application, "offline");
    return c.redirect("/user/membership", 303);
  })
  .post("/user/membership/billing-portal", async (c) => {
    const payments = cardPayments(c);
    const session = c.var.session!;
    const record = await createMembershipStore(c.var.config.bindings.db).forUser(session.userId);
    if (!payments || !record?.stripeCustomerId) throw new AppError("NOT_FOUND", "Your membership is not paid by card, so there is no billing account to manage");
    try {
      const portal = await payments.billing.createPortalSession(record.stripeCustomerId, `${payments.siteUrl}/user/membership`);
      return c.redirect(safeRedirect(payments, portal.url), 303);
    } catch (error) {
      log.error("membership.portal_failed", { error });
      throw new AppError("PAYMENT_UNAVAILABLE", "Billing management is unavailable just now. Please try again in a few minutes.", { cause: error });
    }
  });
