/**
 * A membership's first-year discount in Stripe (docs/decisions/0033-join-lines.md): one
 * coupon of a fixed amount off, `duration: once` (Stripe applies it to the subscription's first
 * invoice only), restricted with `applies_to.products` to the subscription's product, so Stripe
 * takes it off the subscription line alone and works that line's tax on what is left, as our
 * receipt does. Made once per (product, amount, code) with an idempotency key naming them, then
 * remembered for the isolate's life, like the tax rates (tax-rates.ts).
 *
 * The product: a subscription line from a Stripe price id belongs to that price's product (read
 * from Stripe); an inline subscription line gets a product made here, once per membership slug and
 * title, so the coupon has something to name.
 */
import type Stripe from "stripe";
import type { FirstYearCoupon } from "../../domain/billing";
import type { StripeConfig } from "../../env";

const CODE_KEY = "guildhall_discount_code";
const KIND_KEY = "guildhall_discount";

/** Per isolate and Stripe account: coupons and products found or made. */
const remembered = new Map<string, Promise<string>>();

const accountOf = (config: StripeConfig) => `${config.api.host}:${config.api.port}:${config.secretKey.slice(-8)}`;

function once(key: string, make: () => Promise<string>): Promise<string> {
  let made = remembered.get(key);
  if (!made) {
    made = make();
    // A failure is not remembered: the next checkout asks again.
    made.catch(() => remembered.delete(key));
    remembered.set(key, made);
  }
  return made;
}

/** The coupon's id: made with an idempotency key naming the product, amount and code. */
export function firstYearCoupon(stripe: Stripe, config: StripeConfig, coupon: FirstYearCoupon): Promise<string> {
  if (!Number.isSafeInteger(coupon.amountOffPence) || coupon.amountOffPence <= 0) throw new RangeError(`Not an amount to take off: ${coupon.amountOffPence}`);
  const key = `first-year-coupon:${coupon.productId}:${coupon.amountOffPence}:${coupon.code ?? "none"}`;
  return once(`${accountOf(config)}:${key}`, async () => {
    const made = await stripe.coupons.create(
      {
        amount_off: coupon.amountOffPence,
        currency: "gbp",
        duration: "once",
        applies_to: { products: [coupon.productId] },
        // Stripe allows 40 characters.
        name: coupon.name.slice(0, 40),
        metadata: { [KIND_KEY]: "membership-first-year", ...(coupon.code ? { [CODE_KEY]: coupon.code } : {}) },
      },
      { idempotencyKey: key },
    );
    return made.id;
  });
}

/** A Stripe product for a membership's inline yearly subscription line, made once per slug and title. */
export function membershipProduct(stripe: Stripe, config: StripeConfig, membership: { slug: string; name: string }): Promise<string> {
  const key = `membership-product:${membership.slug}:${membership.name}`;
  return once(`${accountOf(config)}:${key}`, async () => {
    const made = await stripe.products.create({ name: membership.name, metadata: { guildhall_membership: membership.slug } }, { idempotencyKey: key });
    return made.id;
  });
}
