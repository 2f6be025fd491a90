import { describe, expect, it } from "vitest";
import { MAX_CART_ITEMS, MAX_REPORTED_PROBLEMS } from "../../src/shared/cart";
import { addOutcomeMessage, itemsParam, parseItemToken, parseItemsParam } from "../../src/shared/cart-query";

describe("parseItemToken", () => {
  it.each([
    ["webinar:12", { kind: "webinar", id: "12" }],
    ["bundle:a_B-3", { kind: "bundle", id: "a_B-3" }],
  ])("reads %s", (token, item) => {
    expect(parseItemToken(token)).toEqual(item);
  });

  it.each(["webinar", "webinar:", ":12", "course:1", "Webinar:1", "webinar:1:2", "webinar:../x", "webinar:<script>", `webinar:${"a".repeat(65)}`, "__proto__:1"])(
    "refuses %s",
    (token) => {
      expect(parseItemToken(token)).toBeNull();
    },
  );
});

describe("parseItemsParam", () => {
  it("reads the whole cart, in order, skipping empty tokens and spaces", () => {
    expect(parseItemsParam(" webinar:1, ,bundle:2,,webinar:3 ")).toEqual({
      items: [
        { kind: "webinar", id: "1" },
        { kind: "bundle", id: "2" },
        { kind: "webinar", id: "3" },
      ],
      problems: [],
    });
  });

  it("is empty for a missing or empty parameter", () => {
    expect(parseItemsParam(undefined)).toEqual({ items: [], problems: [] });
    expect(parseItemsParam(null)).toEqual({ items: [], problems: [] });
    expect(parseItemsParam("")).toEqual({ items: [], problems: [] });
  });

  it("collapses duplicates into the first, silently", () => {
    expect(parseItemsParam("webinar:1,bundle:1,webinar:1").items).toEqual([
      { kind: "webinar", id: "1" },
      { kind: "bundle", id: "1" },
    ]);
  });

  it("ignores junk, saying what was ignored", () => {
    const { items, problems } = parseItemsParam("webinar:1,price:0,webinar:2:qty=-5,<b>hi</b>");
    expect(items).toEqual([{ kind: "webinar", id: "1" }]);
    expect(problems).toEqual([
      "Ignored “price:0”: it is not a webinar or bundle",
      "Ignored “webinar:2:qty=-5”: it is not a webinar or bundle",
      "Ignored “<b>hi</b>”: it is not a webinar or bundle",
    ]);
  });

  it("reports at most a few ignored tokens, then a count, and shortens long ones", () => {
    const { problems } = parseItemsParam([`x${"y".repeat(100)}`, ...Array.from({ length: 30 }, (_, i) => `junk${i}`)].join(","));
    expect(problems).toHaveLength(MAX_REPORTED_PROBLEMS + 1);
    expect(problems[0]).toBe(`Ignored “x${"y".repeat(39)}…”: it is not a webinar or bundle`);
    expect(problems.at(-1)).toBe(`…and ${31 - MAX_REPORTED_PROBLEMS} more that could not be read`);
  });

  it("keeps the first MAX_CART_ITEMS distinct items of a huge cart, and says how many were left out", () => {
    const raw = Array.from({ length: 10_000 }, (_, i) => `webinar:${i % 5_000}`).join(",");
    const { items, problems } = parseItemsParam(raw);
    expect(items).toHaveLength(MAX_CART_ITEMS);
    expect(items.at(-1)).toEqual({ kind: "webinar", id: String(MAX_CART_ITEMS - 1) });
    expect(problems).toEqual([`A cart holds at most ${MAX_CART_ITEMS} items: ${5_000 - MAX_CART_ITEMS} more were left out`]);
  });

  it("round-trips with itemsParam", () => {
    const items = [
      { kind: "bundle", id: "2" },
      { kind: "webinar", id: "x-1" },
    ] as const;
    expect(itemsParam(items)).toBe("bundle:2,webinar:x-1");
    expect(parseItemsParam(itemsParam(items)).items).toEqual(items);
    expect(itemsParam([])).toBe("");
  });
});

describe("addOutcomeMessage", () => {
  it.each([
    ["added", 0, "Added “Pelvic Health” to your cart."],
    ["added", 1, "Added “Pelvic Health” to your cart. It replaces 1 webinar in your cart that the bundle includes."],
    ["added", 2, "Added “Pelvic Health” to your cart. It replaces 2 webinars in your cart that the bundle includes."],
    ["already-in-cart", 0, "“Pelvic Health” is already in your cart."],
    ["covered-by-bundle", 0, "“Pelvic Health” is already in your cart, in a bundle."],
    ["cart-full", 0, `Your cart is full: it holds at most ${MAX_CART_ITEMS} items. Remove something to add “Pelvic Health”.`],
  ] as const)("%s (%i replaced)", (outcome, replaced, message) => {
    expect(addOutcomeMessage(outcome, "Pelvic Health", replaced)).toBe(message);
  });
});
