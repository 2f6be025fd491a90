/** What the card-payment tests share: joining by card, and the D1 rows they check. */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { TestBrowser } from "./browser";
import { validForm } from "./join-form";

export const MEMBERS_ONLY_PAGE = "/professionals/cpd-resources";

export const count = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).first<{ n: number }>())!.n;

export const membership = (userId: string) =>
  env.DB.prepare("SELECT * FROM memberships WHERE user_id = ?1").bind(userId).first<{
    status: string;
    payment_method: string;
    period_start: string | null;
    period_end: string | null;
    stripe_customer_id: string | null;
    stripe_subscription_id: string | null;
    billing_status: string | null;
  }>();

export const applicationOf = (email: string) =>
  env.DB.prepare("SELECT * FROM applications WHERE email = ?1").bind(email).first<{
    id: string;
    user_id: string;
    reference: string;
    status: string;
    payment_method: string;
    checkout_session_id: string | null;
    amount_due_pence: number;
  }>();

/** A visitor joins choosing card payment; returns the browser (signed in), the Checkout URL and the application. */
export async function joinByCard(overrides: Record<string, string> = {}) {
  const browser = new TestBrowser();
  const form = validForm({ paymentMethod: "card", ...overrides });
  const response = await browser.post("/join", form);
  expect(response.status).toBe(303);
  const checkoutUrl = response.headers.get("Location")!;
  const application = (await applicationOf(form.email!))!;
  return { browser, form, checkoutUrl, application, sessionId: application.checkout_session_id! };
}
