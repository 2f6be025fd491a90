/**
 * An applicant keeps the Stripe Checkout tab open while staff reject the application. Whichever
 * way the payment then arrives (Stripe's webhooks, or the applicant's return from Checkout), the
 * application stays rejected and the membership is never activated; the money is recorded and
 * flagged for a refund, and the subscription is cancelled so it never renews. Rejecting expires
 * a Checkout session that is still open. Stripe's API is the FAKE one (test/support/fake-stripe.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { TestBrowser } from "../support/worker/browser";
import { applicationOf, count, joinByCard, MEMBERS_ONLY_PAGE, membership } from "../support/worker/card-join";
import { signedInStaff } from "../support/worker/staff";
import { payCheckout, sendWebhook, stripeObject } from "../support/worker/stripe";

const REFUND_FLAG = "Paid after it was rejected — refund due";

let staff: TestBrowser;
beforeAll(async () => {
  staff = await signedInStaff();
});

const reject = (applicationId: string) => staff.post(`/staff/applications/${applicationId}/reject`, { reason: "Registration could not be verified" });

/** The applicant pays in the tab they kept open; staff reject before Stripe's webhook arrives. */
async function paidThenRejected() {
  const joined = await joinByCard();
  const paid = await payCheckout(joined.sessionId, 14_500);
  expect((await reject(joined.application.id)).status).toBe(303);
  return { ...joined, subscriptionId: paid.session.subscription!, invoiceId: paid.session.invoice! };
}

type Rejected = Awaited<ReturnType<typeof paidThenRejected>>;

async function expectNeverActivated(r: Rejected) {
  expect((await applicationOf(r.form.email!))!.status).toBe("rejected");
  expect(await membership(r.application.user_id)).toMatchObject({ status: "cancelled", stripe_subscription_id: null });
  expect((await r.browser.fetch(MEMBERS_ONLY_PAGE)).status).toBe(403);
  expect((await stripeObject<{ status: string }>(`subscriptions/${r.subscriptionId}`)).status).toBe("canceled");
}

async function expectRefundFlagged(r: Rejected) {
  expect(await count("SELECT COUNT(*) AS n FROM payments WHERE application_id = ?1 AND amount_pence = 14500 AND method = 'card'", r.application.id)).toBe(1);
  const detail = await (await staff.fetch(`/staff/applications/${r.application.id}`)).text();
  expect(detail).toContain(REFUND_FLAG);
  const list = await staff.fetch(`/staff/applications?status=refund_due&q=${r.application.reference}`);
  expect(list.status).toBe(200);
  expect(await list.text()).toContain(r.application.reference);
}

describe("a card payment that arrives after staff rejected the application", () => {
  it("by the completed session's webhook: stays rejected, no membership, payment recorded and flagged, subscription cancelled", async () => {
    const r = await paidThenRejected();
    expect((await sendWebhook("checkout.session.completed", { id: r.sessionId, object: "checkout.session" })).status).toBe(200);
    await expectNeverActivated(r);
    await expectRefundFlagged(r);
    // The rest of Stripe's events about it, including the cancellation it caused, change nothing.
    const later = [
      ["invoice.paid", r.invoiceId],
      ["customer.subscription.created", r.subscriptionId],
      ["customer.subscription.deleted", r.subscriptionId],
    ] as const;
    for (const [type, id] of later) expect((await sendWebhook(type, { id })).status, type).toBe(200);
    await expectNeverActivated(r);
    await expectRefundFlagged(r);
  });

  it("by invoice.paid alone: the same", async () => {
    const r = await paidThenRejected();
    expect((await sendWebhook("invoice.paid", { id: r.invoiceId, object: "invoice" })).status).toBe(200);
    await expectNeverActivated(r);
    await expectRefundFlagged(r);
  });

  it("by customer.subscription.created alone: no membership, and the subscription is cancelled", async () => {
    const r = await paidThenRejected();
    expect((await sendWebhook("customer.subscription.created", { id: r.subscriptionId, object: "subscription" })).status).toBe(200);
    await expectNeverActivated(r);
  });

  it("by the applicant's return from Checkout: the same, and the page says the payment will be refunded", async () => {
    const r = await paidThenRejected();
    const html = await (await r.browser.fetch(`/user/membership?checkout=complete&session_id=${r.sessionId}`)).text();
    expect(html).not.toContain('data-payment-notice="confirmed"');
    expect(html).not.toContain('data-membership-status="active"');
    expect(html).toContain("We will refund your payment");
    await expectNeverActivated(r);
    await expectRefundFlagged(r);
  });
});

describe("rejecting an application", () => {
  it("expires its open Checkout session, so the tab left open can no longer pay, and the audit entry names it", async () => {
    const { application, sessionId } = await joinByCard();
    expect((await reject(application.id)).status).toBe(303);
    expect((await stripeObject<{ status: string }>(`checkout/sessions/${sessionId}`)).status).toBe("expired");
    await expect(payCheckout(sessionId, 14_500)).rejects.toThrow(/400/);
    const audit = await count(
      "SELECT COUNT(*) AS n FROM staff_audit_log WHERE application_id = ?1 AND action = 'application.rejected' AND json_extract(details, '$.expiredCheckoutSession') = ?2",
      application.id,
      sessionId,
    );
    expect(audit).toBe(1);
  });

  it("goes ahead when the applicant has no Checkout session (offline payment)", async () => {
    const { application } = await joinByCard({ paymentMethod: "offline" });
    expect((await reject(application.id)).status).toBe(303);
    expect(await count("SELECT COUNT(*) AS n FROM applications WHERE id = ?1 AND status = 'rejected'", application.id)).toBe(1);
  });
});
