/**
 * The cart as the browser POSTs it at checkout; the server parses the body with `CheckoutCart`.
 * The same item rules as the stored cart (src/shared/cart.ts): a kind of webinar or bundle, an id
 * of [A-Za-z0-9_-]{1,64}, at most MAX_CART_ITEMS items. Fields other than kind and id (addedAt, a
 * forged price or quantity) are stripped, and duplicates collapse into the first: the server
 * prices each item itself. Apart from cart.ts so that islands reading the cart do not bundle zod.
 */
import * as z from "zod";
import { CART_ITEM_ID, CART_ITEM_KINDS, MAX_CART_ITEMS, sameItem, type CartItemRef } from "./cart";

export const CheckoutCart = z.object(
  {
    items: z
      .array(
        z.object(
          {
            kind: z.enum(CART_ITEM_KINDS, { error: "Your cart holds an item of an unknown kind" }),
            id: z
              .string({ error: "Your cart holds an item without an id" })
              .regex(CART_ITEM_ID, { error: "Your cart holds an item with an invalid id" }),
          },
          { error: "Your cart holds an item that could not be read" },
        ),
        { error: "Your cart could not be read" },
      )
      .max(MAX_CART_ITEMS, { error: `Your cart can hold at most ${MAX_CART_ITEMS} items` })
      .transform((items): CartItemRef[] => items.filter((item, index) => items.findIndex((other) => sameItem(other, item)) === index)),
  },
  { error: "Your cart could not be read" },
);

export type CheckoutCartInput = z.output<typeof CheckoutCart>;
