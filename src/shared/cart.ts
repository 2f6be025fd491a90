/**
 * The shopping cart the browser keeps in localStorage (STORAGE_KEYS.cart). Pure: the island
 * reads and writes storage, these functions decide.
 *
 * Stored as `{"v":1,"items":[{"kind":"webinar"|"bundle"|"booking","id":"…","addedAt":"<ISO instant>"}]}`.
 * The cart holds references only, never prices: the server prices every item again at checkout.
 * The rules:
 * - Anyone can edit localStorage, so `parseCart` trusts nothing: garbage, another version, an
 *   unknown kind, an id outside [A-Za-z0-9_-]{1,64} or a missing or malformed `addedAt` drops the
 *   item (or the whole cart); fields other than kind, id and addedAt are dropped. Each is reported
 *   in `problems` (at most MAX_REPORTED_PROBLEMS, then one summary line). Duplicates (same kind and
 *   id) collapse into the first; only the first MAX_CART_ITEMS distinct items are kept.
 * - Adding an item already in the cart changes nothing ("already-in-cart"), nor does adding a
 *   webinar that a bundle in the cart contains ("covered-by-bundle"). Adding a bundle removes the
 *   single webinars it contains and returns them in `removed`. Nothing is added past
 *   MAX_CART_ITEMS ("cart-full"), counted after those removals.
 * - Which webinars a bundle contains comes from the caller (`bundleWebinarIds`: bundle id -> its
 *   webinar ids), since the cart itself stores none.
 * No zod here: islands import this file, and the checkout schema lives in checkout-cart.ts.
 */
export const MAX_CART_ITEMS = 50;
export const MAX_REPORTED_PROBLEMS = 10;
export const CART_ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const CART_ITEM_KINDS = ["webinar", "bundle", "booking"] as const;

export type CartItemKind = (typeof CART_ITEM_KINDS)[number];

/** What an item is, without when it was added: enough to price it. */
export interface CartItemRef {
  readonly kind: CartItemKind;
  readonly id: string;
}

export interface CartItem extends CartItemRef {
  readonly addedAt: string;
}

export interface Cart {
  readonly v: 1;
  readonly items: readonly CartItem[];
}

export type AddOutcome = "added" | "already-in-cart" | "covered-by-bundle" | "cart-full";

/** Bundle id -> the ids of the webinars in it. */
export type BundleWebinarIds = ReadonlyMap<string, readonly string[]>;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
const ITEM_FIELDS: ReadonlySet<string> = new Set(["kind", "id", "addedAt"]);
const CART_FIELDS: ReadonlySet<string> = new Set(["v", "items"]);

export const clearCart = (): Cart => ({ v: 1, items: [] });

export const serializeCart = (cart: Cart): string =>
  JSON.stringify({ v: 1, items: cart.items.map(({ kind, id, addedAt }) => ({ kind, id, addedAt })) });

export const sameItem = (a: CartItemRef, b: CartItemRef): boolean => a.kind === b.kind && a.id === b.id;

export function parseCart(raw: string | null): { cart: Cart; problems: string[] } {
  const problems = new ProblemList();
  if (raw === null) return { cart: clearCart(), problems: [] };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { cart: clearCart(), problems: ["The cart is not valid JSON; it was emptied"] };
  }
  if (!isRecord(data)) return { cart: clearCart(), problems: ["The cart is not an object; it was emptied"] };
  if (own(data, "v") !== 1) return { cart: clearCart(), problems: [`The cart's version ${describe(own(data, "v"))} is not 1; it was emptied`] };
  const extra = Object.keys(data).filter((key) => !CART_FIELDS.has(key));
  if (extra.length > 0) problems.add(`Ignored the cart's fields ${extra.map((key) => JSON.stringify(key)).join(", ")}`);
  const rawItems = own(data, "items");
  if (!Array.isArray(rawItems)) {
    problems.add("The cart's items are not a list; it was emptied");
    return { cart: clearCart(), problems: problems.list() };
  }

  const items: CartItem[] = [];
  let overflow = 0;
  rawItems.forEach((entry: unknown, index) => {
    const item = readItem(entry, index, problems);
    if (item === null) return;
    if (items.some((kept) => sameItem(kept, item))) {
      problems.add(`Item ${index} repeats ${item.kind} ${item.id}; it was merged`);
    } else if (items.length >= MAX_CART_ITEMS) {
      overflow += 1;
    } else {
      items.push(item);
    }
  });
  if (overflow > 0) problems.add(`Dropped ${overflow} item(s) beyond the limit of ${MAX_CART_ITEMS}`);
  return { cart: { v: 1, items }, problems: problems.list() };
}

function readItem(entry: unknown, index: number, problems: ProblemList): CartItem | null {
  if (!isRecord(entry)) {
    problems.add(`Dropped item ${index}: not an object`);
    return null;
  }
  const kind = own(entry, "kind");
  const id = own(entry, "id");
  const addedAt = own(entry, "addedAt");
  if (!isKind(kind)) {
    problems.add(`Dropped item ${index}: unknown kind ${describe(kind)}`);
    return null;
  }
  if (typeof id !== "string" || !CART_ITEM_ID.test(id)) {
    problems.add(`Dropped item ${index}: invalid id ${describe(id)}`);
    return null;
  }
  if (typeof addedAt !== "string" || !ISO_INSTANT.test(addedAt) || Number.isNaN(Date.parse(addedAt))) {
    problems.add(`Dropped item ${index}: invalid addedAt ${describe(addedAt)}`);
    return null;
  }
  const extra = Object.keys(entry).filter((key) => !ITEM_FIELDS.has(key));
  if (extra.length > 0) problems.add(`Ignored fields ${extra.map((key) => JSON.stringify(key)).join(", ")} of item ${index}`);
  return { kind, id, addedAt: new Date(addedAt).toISOString() };
}

export function addItem(
  cart: Cart,
  item: CartItemRef,
  now: Date,
  bundleWebinarIds: BundleWebinarIds = new Map(),
): { cart: Cart; outcome: AddOutcome; removed: CartItem[] } {
  if (!isKind(item.kind) || !CART_ITEM_ID.test(item.id)) throw new RangeError(`addItem: invalid cart item ${item.kind} ${JSON.stringify(item.id)}`);
  const unchanged = (outcome: AddOutcome) => ({ cart, outcome, removed: [] });
  if (cart.items.some((kept) => sameItem(kept, item))) return unchanged("already-in-cart");
  if (item.kind === "webinar") {
    const covered = cart.items.some((kept) => kept.kind === "bundle" && (bundleWebinarIds.get(kept.id) ?? []).includes(item.id));
    if (covered) return unchanged("covered-by-bundle");
  }
  const contained = new Set(item.kind === "bundle" ? (bundleWebinarIds.get(item.id) ?? []) : []);
  const removed = cart.items.filter((kept) => kept.kind === "webinar" && contained.has(kept.id));
  const kept = cart.items.filter((entry) => !removed.includes(entry));
  if (kept.length >= MAX_CART_ITEMS) return unchanged("cart-full");
  const added: CartItem = { kind: item.kind, id: item.id, addedAt: now.toISOString() };
  return { cart: { v: 1, items: [...kept, added] }, outcome: "added", removed };
}

export function removeItem(cart: Cart, item: CartItemRef): Cart {
  return { v: 1, items: cart.items.filter((kept) => !sameItem(kept, item)) };
}

class ProblemList {
  private readonly problems: string[] = [];
  private hidden = 0;

  add(problem: string): void {
    if (this.problems.length < MAX_REPORTED_PROBLEMS) this.problems.push(problem);
    else this.hidden += 1;
  }

  list(): string[] {
    return this.hidden > 0 ? [...this.problems, `…and ${this.hidden} more problem(s)`] : [...this.problems];
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Reads only the value's own field, so "__proto__" or inherited keys never answer. */
const own = (record: Record<string, unknown>, key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined);

const isKind = (value: unknown): value is CartItemKind => CART_ITEM_KINDS.some((kind) => kind === value);

/** A short, safe rendering of a rejected value for a problem message. */
function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 70 ? `${value.slice(0, 70)}…` : value);
  if (value === null || typeof value !== "object") return String(value);
  return Array.isArray(value) ? "(a list)" : "(an object)";
}
