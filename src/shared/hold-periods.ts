/**
 * How long event places are held (docs/decisions/0052): the rule the booking services apply
 * (services/events/holds.ts) and the words the cart shows buyers, from one place.
 */

/** From the booking form to checking out the cart. */
export const CART_HOLD_MINUTES = 20;
/** From checking out by card to paying on Stripe's page (a payment after it is checked again, and refunded if the places went). */
export const CARD_HOLD_MINUTES = 30;
/** From a bank-transfer order (its pro-forma invoice) to the payment being recorded. */
export const TRANSFER_HOLD_DAYS = 14;
