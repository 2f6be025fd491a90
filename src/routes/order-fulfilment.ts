/** Fulfils a paid webinar order's Checkout session (issue 6 builds orders). */
import type { Context } from "hono";
import type { CheckoutSession } from "../adapters/stripe/billing-api";
import type { HonoEnv } from "../types";

export async function fulfilOrderSession(_c: Context<HonoEnv>, session: CheckoutSession): Promise<void> {
  throw new Error(`Webinar orders are not built yet (session ${session.id})`);
}
