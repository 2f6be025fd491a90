import { describe, expect, it } from "vitest";
import {
  addItem,
  clearCart,
  MAX_CART_ITEMS,
  MAX_REPORTED_PROBLEMS,
  parseCart,
  removeItem,
  serializeCart,
  type Cart,
  type CartItem,
} from "../../src/shared/cart";
import { CheckoutCart } from "../../src/shared/checkout-cart";

const NOW = new Date("2026-11-20T12:00:00.000Z");
const ADDED = "2026-11-19T09:30:00.000Z";
const item = (kind: "webinar" | "bundle", id: string, addedAt = ADDED): CartItem => ({ kind, id, addedAt });
const cartOf = (...items: CartItem[]): Cart => ({ v: 1, items });
const stored = (value: unknown) => JSON.stringify(value);

describe("parseCart", () => {
  it("reads a well-formed cart with no problems", () => {
    const raw = stored({ v: 1, items: [item("webinar", "abc123"), item("bundle", "spring_2026-b")] });
    expect(parseCart(raw)).toEqual({ cart: cartOf(item("webinar", "abc123"), item("bundle", "spring_2026-b")), problems: [] });
  });

  it("reads nothing stored as an empty cart, quietly", () => {
    expect(parseCart(null)).toEqual({ cart: clearCart(), problems: [] });
  });

  it.each([
    ["garbage", "{not json", "not valid JSON"],
    ["an empty string", "", "not valid JSON"],
    ["a number", "42", "not an object"],
    ["null", "null", "not an object"],
    ["a list", stored([item("webinar", "a")]), "not an object"],
    ["no version", stored({ items: [item("webinar", "a")] }), "version undefined is not 1"],
    ["another version", stored({ v: 2, items: [item("webinar", "a")] }), "version 2 is not 1"],
    ["a version as text", stored({ v: "1", items: [item("webinar", "a")] }), 'version "1" is not 1'],
    ["items that are not a list", stored({ v: 1, items: { 0: item("webinar", "a") } }), "items are not a list"],
    ["items missing", stored({ v: 1 }), "items are not a list"],
  ])("empties a cart that is %s, and says why", (_name, raw, problem) => {
    const { cart, problems } = parseCart(raw);
    expect(cart).toEqual(clearCart());
    expect(problems).toEqual([expect.stringContaining(problem)]);
  });

  it.each([
    ["an unknown kind", { kind: "coupon", id: "a", addedAt: ADDED }, 'unknown kind "coupon"'],
    ["no kind", { id: "a", addedAt: ADDED }, "unknown kind undefined"],
    ["an id with a slash", { kind: "webinar", id: "../admin", addedAt: ADDED }, 'invalid id "../admin"'],
    ["an id with spaces", { kind: "webinar", id: "a b", addedAt: ADDED }, 'invalid id "a b"'],
    ["an empty id", { kind: "webinar", id: "", addedAt: ADDED }, 'invalid id ""'],
    ["an id of 65 characters", { kind: "webinar", id: "x".repeat(65), addedAt: ADDED }, "invalid id"],
    ["a numeric id", { kind: "webinar", id: 12, addedAt: ADDED }, "invalid id 12"],
    ["an id that is an object", { kind: "webinar", id: { $gt: "" }, addedAt: ADDED }, "invalid id (an object)"],
    ["an HTML id", { kind: "bundle", id: "<script>alert(1)</script>", addedAt: ADDED }, "invalid id"],
    ["no addedAt", { kind: "webinar", id: "a" }, "invalid addedAt undefined"],
    ["a non-ISO addedAt", { kind: "webinar", id: "a", addedAt: "yesterday" }, 'invalid addedAt "yesterday"'],
    ["an addedAt with an offset", { kind: "webinar", id: "a", addedAt: "2026-11-19T09:30:00+01:00" }, "invalid addedAt"],
    ["an impossible addedAt", { kind: "webinar", id: "a", addedAt: "2026-13-45T25:61:00Z" }, "invalid addedAt"],
    ["a string", "webinar:a", "not an object"],
    ["null", null, "not an object"],
    ["a nested list", [[item("webinar", "a")]], "not an object"],
  ])("drops an item with %s, keeps the rest, and says why", (_name, bad, problem) => {
    const { cart, problems } = parseCart(stored({ v: 1, items: [item("webinar", "good"), bad] }));
    expect(cart.items).toEqual([item("webinar", "good")]);
    expect(problems).toEqual([expect.stringContaining(`item 1: ${problem}`)]);
  });

  it("accepts ids at the edges of the rule", () => {
    const ids = ["a", "Z", "0", "_", "-", "x".repeat(64), "AZaz09_-"];
    const { cart, problems } = parseCart(stored({ v: 1, items: ids.map((id) => item("webinar", id)) }));
    expect(cart.items.map((entry) => entry.id)).toEqual(ids);
    expect(problems).toEqual([]);
  });

  it("drops forged prices, quantities and other fields, keeping the item", () => {
    const raw = stored({
      v: 1,
      items: [{ kind: "webinar", id: "a", addedAt: ADDED, price: 0, pence: -100, quantity: -3, stripePriceId: "price_free", nested: { deep: [1, { x: 2 }] } }],
    });
    const { cart, problems } = parseCart(raw);
    expect(cart.items).toEqual([item("webinar", "a")]);
    expect(Object.keys(cart.items[0] ?? {})).toEqual(["kind", "id", "addedAt"]);
    expect(problems).toEqual(['Ignored fields "price", "pence", "quantity", "stripePriceId", "nested" of item 0']);
    expect(serializeCart(cart)).not.toMatch(/price|pence|quantity|nested/);
  });

  it("drops unknown fields of the cart itself", () => {
    const { cart, problems } = parseCart(stored({ v: 1, items: [item("webinar", "a")], total: 0, coupon: "FREE" }));
    expect(cart.items).toHaveLength(1);
    expect(problems).toEqual(['Ignored the cart\'s fields "total", "coupon"']);
  });

  it("normalises addedAt to the full ISO form", () => {
    const { cart } = parseCart(stored({ v: 1, items: [{ kind: "webinar", id: "a", addedAt: "2026-11-19T09:30:00Z" }] }));
    expect(cart.items[0]?.addedAt).toBe(ADDED);
  });

  it("collapses duplicates into the first, and says so", () => {
    const raw = stored({ v: 1, items: [item("webinar", "a"), item("bundle", "a"), item("webinar", "a", "2026-11-20T00:00:00.000Z"), item("bundle", "a")] });
    const { cart, problems } = parseCart(raw);
    expect(cart.items).toEqual([item("webinar", "a"), item("bundle", "a")]);
    expect(problems).toEqual(["Item 2 repeats webinar a; it was merged", "Item 3 repeats bundle a; it was merged"]);
  });

  it("keeps at most MAX_CART_ITEMS items of 10,000, with a bounded report", () => {
    const items = Array.from({ length: 10_000 }, (_, index) => item("webinar", `w${index}`));
    const { cart, problems } = parseCart(stored({ v: 1, items }));
    expect(cart.items).toHaveLength(MAX_CART_ITEMS);
    expect(cart.items.at(-1)?.id).toBe(`w${MAX_CART_ITEMS - 1}`);
    expect(problems).toEqual([`Dropped ${10_000 - MAX_CART_ITEMS} item(s) beyond the limit of ${MAX_CART_ITEMS}`]);
  });

  it("keeps the valid items among 10,000 junk ones, and reports a bounded number of problems", () => {
    const junk = Array.from({ length: 10_000 }, (_, index) => ({ kind: "webinar", id: `bad id ${index}`, addedAt: ADDED }));
    const { cart, problems } = parseCart(stored({ v: 1, items: [...junk, item("bundle", "b")] }));
    expect(cart.items).toEqual([item("bundle", "b")]);
    expect(problems).toHaveLength(MAX_REPORTED_PROBLEMS + 1);
    expect(problems.at(-1)).toBe(`…and ${10_000 - MAX_REPORTED_PROBLEMS} more problem(s)`);
  });

  it("counts duplicates before the limit, so 60 copies of one item keep one", () => {
    const { cart } = parseCart(stored({ v: 1, items: Array.from({ length: 60 }, () => item("webinar", "a")) }));
    expect(cart.items).toEqual([item("webinar", "a")]);
  });

  it("shortens a huge rejected value in its problem", () => {
    const { problems } = parseCart(stored({ v: 1, items: [{ kind: "webinar", id: "x".repeat(100_000), addedAt: ADDED }] }));
    expect(problems[0]?.length).toBeLessThan(120);
  });

  it("is not fooled by prototype-pollution keys", () => {
    const raw =
      '{"v":1,"__proto__":{"polluted":true,"items":[{"kind":"webinar","id":"proto","addedAt":"' +
      ADDED +
      '"}]},"items":[{"kind":"webinar","id":"a","addedAt":"' +
      ADDED +
      '","__proto__":{"kind":"bundle","isAdmin":true}},{"__proto__":{"kind":"webinar","id":"b","addedAt":"' +
      ADDED +
      '"}},{"kind":"bundle","id":"constructor","addedAt":"' +
      ADDED +
      '"},{"kind":"bundle","id":"__proto__","addedAt":"' +
      ADDED +
      '"}]}';
    const { cart, problems } = parseCart(raw);
    expect(cart.items).toEqual([item("webinar", "a"), item("bundle", "constructor"), item("bundle", "__proto__")]);
    expect(problems).toEqual(['Ignored the cart\'s fields "__proto__"', 'Ignored fields "__proto__" of item 0', "Dropped item 1: unknown kind undefined"]);
    expect(Object.getPrototypeOf(cart.items[0])).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(({} as Record<string, unknown>)["isAdmin"]).toBeUndefined();
  });

  it("reads only an item's own fields, even when some other script has polluted Object.prototype", () => {
    const polluted = ["v", "items", "kind", "id", "addedAt"] as const;
    const values: Record<(typeof polluted)[number], unknown> = { v: 1, items: [item("webinar", "inherited")], kind: "bundle", id: "inherited", addedAt: ADDED };
    try {
      for (const key of polluted) Object.defineProperty(Object.prototype, key, { value: values[key], configurable: true, writable: true });
      const { cart, problems } = parseCart('{"v":1,"items":[{},{"kind":"webinar","id":"a"}]}');
      expect(cart.items).toEqual([]);
      expect(problems).toEqual(["Dropped item 0: unknown kind undefined", "Dropped item 1: invalid addedAt undefined"]);
      expect(parseCart("{}").problems).toEqual(["The cart's version undefined is not 1; it was emptied"]);
    } finally {
      for (const key of polluted) delete (Object.prototype as Record<string, unknown>)[key];
    }
  });

  it("round-trips through serializeCart, which the badge can count", () => {
    const cart = cartOf(item("webinar", "a"), item("bundle", "b"));
    const raw = serializeCart(cart);
    expect(JSON.parse(raw)).toEqual({ v: 1, items: [item("webinar", "a"), item("bundle", "b")] });
    expect(parseCart(raw)).toEqual({ cart, problems: [] });
  });
});

describe("addItem", () => {
  const bundles = new Map([
    ["spring", ["a", "b"]],
    ["autumn", ["c"]],
  ]);

  it("adds an item, stamped with now", () => {
    const result = addItem(clearCart(), { kind: "webinar", id: "a" }, NOW);
    expect(result).toEqual({ cart: cartOf(item("webinar", "a", NOW.toISOString())), outcome: "added", removed: [] });
  });

  it("does not change the cart it was given", () => {
    const cart = cartOf(item("webinar", "a"));
    addItem(cart, { kind: "webinar", id: "b" }, NOW);
    expect(cart.items).toHaveLength(1);
  });

  it("leaves an item already in the cart alone", () => {
    const cart = cartOf(item("webinar", "a"));
    expect(addItem(cart, { kind: "webinar", id: "a" }, NOW)).toEqual({ cart, outcome: "already-in-cart", removed: [] });
  });

  it("tells a webinar from a bundle with the same id", () => {
    const cart = cartOf(item("webinar", "a"));
    expect(addItem(cart, { kind: "bundle", id: "a" }, NOW).outcome).toBe("added");
  });

  it("does not add a webinar that a bundle in the cart contains", () => {
    const cart = cartOf(item("bundle", "spring"));
    expect(addItem(cart, { kind: "webinar", id: "b" }, NOW, bundles)).toEqual({ cart, outcome: "covered-by-bundle", removed: [] });
    expect(addItem(cart, { kind: "webinar", id: "c" }, NOW, bundles).outcome).toBe("added");
  });

  it("cannot know a bundle's contents without them, so adds the webinar", () => {
    expect(addItem(cartOf(item("bundle", "spring")), { kind: "webinar", id: "b" }, NOW).outcome).toBe("added");
  });

  it("removes the single webinars a bundle contains when the bundle is added, and reports them", () => {
    const cart = cartOf(item("webinar", "a"), item("webinar", "c"), item("bundle", "b"), item("webinar", "b"));
    const result = addItem(cart, { kind: "bundle", id: "spring" }, NOW, bundles);
    expect(result.outcome).toBe("added");
    expect(result.removed).toEqual([item("webinar", "a"), item("webinar", "b")]);
    expect(result.cart.items).toEqual([item("webinar", "c"), item("bundle", "b"), item("bundle", "spring", NOW.toISOString())]);
  });

  it("refuses a new item when the cart is full", () => {
    const full = cartOf(...Array.from({ length: MAX_CART_ITEMS }, (_, index) => item("webinar", `w${index}`)));
    expect(addItem(full, { kind: "webinar", id: "one-more" }, NOW)).toEqual({ cart: full, outcome: "cart-full", removed: [] });
    expect(addItem(full, { kind: "webinar", id: "w3" }, NOW).outcome).toBe("already-in-cart");
  });

  it("adds a bundle to a full cart when it frees room by replacing its webinars", () => {
    const full = cartOf(...Array.from({ length: MAX_CART_ITEMS - 1 }, (_, index) => item("webinar", `w${index}`)), item("webinar", "a"));
    const result = addItem(full, { kind: "bundle", id: "spring" }, NOW, bundles);
    expect(result.outcome).toBe("added");
    expect(result.cart.items).toHaveLength(MAX_CART_ITEMS);
  });

  it.each([
    ["an invalid id", { kind: "webinar", id: "../x" }],
    ["an empty id", { kind: "webinar", id: "" }],
  ] as const)("rejects %s, which parseCart would drop", (_name, bad) => {
    expect(() => addItem(clearCart(), bad, NOW)).toThrow(RangeError);
  });
});

describe("removeItem and clearCart", () => {
  it("removes only the item of that kind and id", () => {
    const cart = cartOf(item("webinar", "a"), item("bundle", "a"), item("webinar", "b"));
    expect(removeItem(cart, { kind: "webinar", id: "a" })).toEqual(cartOf(item("bundle", "a"), item("webinar", "b")));
    expect(removeItem(cart, { kind: "webinar", id: "zzz" })).toEqual(cart);
  });

  it("empties the cart", () => {
    expect(clearCart()).toEqual({ v: 1, items: [] });
    expect(serializeCart(clearCart())).toBe('{"v":1,"items":[]}');
  });
});

describe("CheckoutCart (checkout-cart.ts: the cart as POSTed at checkout)", () => {
  it("keeps kind and id only, and collapses duplicates", () => {
    const parsed = CheckoutCart.parse({
      v: 1,
      total: 0,
      items: [
        { kind: "webinar", id: "a", addedAt: ADDED, price: 0, quantity: -1 },
        { kind: "bundle", id: "a" },
        { kind: "webinar", id: "a" },
      ],
    });
    expect(parsed).toEqual({
      items: [
        { kind: "webinar", id: "a" },
        { kind: "bundle", id: "a" },
      ],
    });
  });

  it("accepts exactly MAX_CART_ITEMS items", () => {
    const items = Array.from({ length: MAX_CART_ITEMS }, (_, index) => ({ kind: "webinar", id: `w${index}` }));
    expect(CheckoutCart.safeParse({ items }).success).toBe(true);
  });

  it.each([
    ["10,000 items", { items: Array.from({ length: 10_000 }, (_, index) => ({ kind: "webinar", id: `w${index}` })) }, `at most ${MAX_CART_ITEMS} items`],
    ["51 items", { items: Array.from({ length: MAX_CART_ITEMS + 1 }, (_, index) => ({ kind: "webinar", id: `w${index}` })) }, `at most ${MAX_CART_ITEMS} items`],
    ["an unknown kind", { items: [{ kind: "coupon", id: "a" }] }, "unknown kind"],
    ["an invalid id", { items: [{ kind: "webinar", id: "a/b" }] }, "invalid id"],
    ["a numeric id", { items: [{ kind: "webinar", id: 7 }] }, "without an id"],
    ["a missing id", { items: [{ kind: "webinar" }] }, "without an id"],
    ["items that are not a list", { items: { 0: { kind: "webinar", id: "a" } } }, "could not be read"],
    ["no items", {}, "could not be read"],
    ["a list as the body", [{ kind: "webinar", id: "a" }], "could not be read"],
    ["a string as the body", "webinar:a", "could not be read"],
    ["nested junk as an item", { items: [[{ kind: "webinar", id: "a" }]] }, "Your cart"],
  ])("rejects %s with a message for the buyer", (_name, body, message) => {
    const result = CheckoutCart.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it("is not fooled by prototype-pollution keys", () => {
    const body: unknown = JSON.parse('{"__proto__":{"items":[{"kind":"webinar","id":"x"}]},"items":[{"kind":"webinar","id":"a","__proto__":{"id":"b"}}]}');
    expect(CheckoutCart.parse(body)).toEqual({ items: [{ kind: "webinar", id: "a" }] });
    expect(({} as Record<string, unknown>)["items"]).toBeUndefined();
  });
});
