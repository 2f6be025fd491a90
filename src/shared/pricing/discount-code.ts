/**
 * Discount codes: a code the buyer types takes a percentage or a fixed amount off the cart lines
 * it applies to. Pure: the code's terms come from the CMS, its use so far from the caller. Rules:
 * - A code is matched whatever its letter case; it is refused, each time with its own reason and
 *   message, when no such code exists ("unknown"), before its first day ("not-yet-valid"), after
 *   its last ("expired"), when its total cap is reached ("exhausted"), when this buyer has used it
 *   as often as one person may ("used-up"), when nothing in the cart is one of the things it
 *   applies to ("not-applicable"), or when the only such things are bundles already discounted and
 *   the code does not combine with a bundle's discount ("not-with-bundle-discount").
 * - It applies to payable lines only (what is free, owned or covered costs nothing already), and
 *   to a bundle that has its own discount only when the code says it combines ("stacksWithBundle");
 *   then it comes off the bundle's discounted price.
 * - Percent: each line loses its percentage, rounded half up to the penny. Fixed: the amount
 *   comes off the lines it applies to in cart order, each line down to zero at most, until the
 *   amount is used up. No line, and so no total, ever goes below zero.
 * - Event places (a booking line) are discounted when the code is for every event or names the
 *   booking's event.
 * - VAT stays per line: a line's VAT is worked out later on its discounted (gross) amount.
 */
import type { CartQuote, CartQuoteLine } from "./cart-quote";

export interface DiscountCode {
  /** The CMS's id. */
  id: string;
  /** In capitals (the CMS keeps it so; `normaliseCode` makes a typed one so). */
  code: string;
  kind: "percent" | "fixed";
  percentOff: number | null;
  amountOffPence: number | null;
  appliesTo: {
    allWebinars: boolean;
    allBundles: boolean;
    webinarIds: readonly string[];
    bundleIds: readonly string[];
    membershipIds: readonly string[];
    /** Places at every event, or at the events named (absent: none). */
    allEvents?: boolean;
    eventIds?: readonly string[];
  };
  /** Instants (ISO 8601), or null for no limit. */
  validFrom: string | null;
  validUntil: string | null;
  /** How many times it may be used in all, and by one person; null for no limit. */
  maxRedemptions: number | null;
  maxPerUser: number | null;
  stacksWithBundle: boolean;
}

/** How often the code has been used (orders not cancelled): by everyone, and by this buyer. */
export interface CodeUsage {
  total: number;
  byBuyer: number;
}

export type CodeRefusal = "unknown" | "not-yet-valid" | "expired" | "exhausted" | "used-up" | "not-applicable" | "not-with-bundle-discount";

export interface AppliedCode {
  id: string;
  code: string;
  /** What the code took off in all. */
  totalPence: number;
}

/** A code typed in the cart, as the cart page shows it: applied (what it took off) or not, and why not. */
export interface CartCode {
  typed: string;
  applied: AppliedCode | null;
  message: string | null;
}

export type CodeOutcome =
  | { kind: "applied"; quote: CartQuote; applied: AppliedCode }
  | { kind: "refused"; reason: CodeRefusal; message: string };

const CODE_SHAPE = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

/** A typed code in the form codes are kept in (capitals, no surrounding spaces), or null when it cannot be a code. */
export function normaliseCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return CODE_SHAPE.test(code) ? code : null;
}

const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" });
const times = (n: number) => (n === 1 ? "once" : n === 2 ? "twice" : `${n} times`);

/** The message for a refusal, for the buyer. */
export function refusalMessage(reason: CodeRefusal, typed: string, code: DiscountCode | null): string {
  const name = `“${typed.trim().toUpperCase().slice(0, 40)}”`;
  switch (reason) {
    case "unknown":
      return `There is no discount code ${name}. Check how it is spelt.`;
    case "not-yet-valid":
      return `The code ${name} cannot be used yet: it starts on ${code?.validFrom ? day(code.validFrom) : "a later date"}.`;
    case "expired":
      return `The code ${name} has expired: it ended on ${code?.validUntil ? day(code.validUntil) : "an earlier date"}.`;
    case "exhausted":
      return `The code ${name} has been used as many times as it can be, and is no longer available.`;
    case "used-up":
      return `You have already used the code ${name}: each person can use it ${times(code?.maxPerUser ?? 1)}.`;
    case "not-applicable":
      return `The code ${name} does not apply to anything in your cart.`;
    case "not-with-bundle-discount":
      return `The code ${name} cannot be combined with a bundle's own discount.`;
  }
}

/** Why the code cannot be used now by this buyer, whatever the cart holds; null when it can. */
export function codeRefusal(code: DiscountCode | null, usage: CodeUsage, now: Date): CodeRefusal | null {
  if (code === null || !hasAmount(code)) return "unknown";
  const at = now.getTime();
  if (code.validFrom !== null && at < Date.parse(code.validFrom)) return "not-yet-valid";
  if (code.validUntil !== null && at >= Date.parse(code.validUntil)) return "expired";
  if (code.maxRedemptions !== null && usage.total >= code.maxRedemptions) return "exhausted";
  if (code.maxPerUser !== null && usage.byBuyer >= code.maxPerUser) return "used-up";
  return null;
}

/** A percent code with a percentage in (0, 100], or a fixed one with a whole positive amount: anything else cannot discount. */
function hasAmount(code: DiscountCode): boolean {
  if (code.kind === "percent") return code.percentOff !== null && code.percentOff > 0 && code.percentOff <= 100;
  return code.amountOffPence !== null && Number.isSafeInteger(code.amountOffPence) && code.amountOffPence > 0;
}

/** A percentage of an amount, half up to the penny, in integers (the percentage to two decimals). */
export function percentOf(pence: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.min(pence, Math.floor((2 * pence * basisPoints + 10_000) / 20_000));
}

type LineFit = "applies" | "bundle-discounted" | "no";

function fit(line: CartQuoteLine, code: DiscountCode): LineFit {
  if (line.status !== "payable" || line.pence <= 0) return "no";
  const { appliesTo } = code;
  if (line.item.kind === "webinar") return appliesTo.allWebinars || appliesTo.webinarIds.includes(line.item.id) ? "applies" : "no";
  if (line.priced?.kind === "booking") return appliesTo.allEvents || (appliesTo.eventIds ?? []).includes(line.priced.booking.eventId) ? "applies" : "no";
  if (line.item.kind === "booking") return "no";
  if (!(appliesTo.allBundles || appliesTo.bundleIds.includes(line.item.id))) return "no";
  const bundleDiscounted = line.priced?.kind === "bundle" && line.priced.offer.discountPence > 0;
  return bundleDiscounted && !code.stacksWithBundle ? "bundle-discounted" : "applies";
}

/**
 * Applies a typed code to a priced cart. `code` is the CMS's code of that name (null when there
 * is none); `usage` its use so far. Returns the quote with each line's `codeDiscountPence` taken
 * off its `pence` and the total, or the reason it was refused and the buyer's message.
 */
export function applyDiscountCode(quote: CartQuote, typed: string, code: DiscountCode | null, usage: CodeUsage, now: Date): CodeOutcome {
  const refused = (reason: CodeRefusal): CodeOutcome => ({ kind: "refused", reason, message: refusalMessage(reason, typed, code) });
  const early = codeRefusal(code, usage, now);
  if (early !== null || code === null) return refused(early ?? "unknown");

  const fits = quote.lines.map((line) => fit(line, code));
  if (!fits.includes("applies")) return refused(fits.includes("bundle-discounted") ? "not-with-bundle-discount" : "not-applicable");

  let left = code.kind === "fixed" ? (code.amountOffPence ?? 0) : 0;
  const lines = quote.lines.map((line, index): CartQuoteLine => {
    if (fits[index] !== "applies") return line;
    const off = code.kind === "percent" ? percentOf(line.pence, code.percentOff ?? 0) : Math.min(left, line.pence);
    left -= code.kind === "fixed" ? off : 0;
    return { ...line, pence: line.pence - off, codeDiscountPence: off };
  });
  const totalOff = lines.reduce((sum, line) => sum + (line.codeDiscountPence ?? 0), 0);
  const applied: AppliedCode = { id: code.id, code: code.code, totalPence: totalOff };
  return { kind: "applied", quote: { ...quote, lines, totalPence: quote.totalPence - totalOff, code: applied }, applied };
}

/**
 * A code on a membership's first-year fee (`feePence`, gross): what comes off it, or why not.
 * The same checks as for a cart; it applies when the code names this membership.
 */
export function discountMembershipFee(
  membershipId: string,
  feePence: number,
  typed: string,
  code: DiscountCode | null,
  usage: CodeUsage,
  now: Date,
): { kind: "applied"; offPence: number; applied: AppliedCode } | { kind: "refused"; reason: CodeRefusal; message: string } {
  const early = codeRefusal(code, usage, now);
  if (early !== null || code === null) return { kind: "refused", reason: early ?? "unknown", message: refusalMessage(early ?? "unknown", typed, code) };
  if (!code.appliesTo.membershipIds.includes(membershipId) || feePence <= 0) {
    return { kind: "refused", reason: "not-applicable", message: `The code “${code.code}” does not apply to this membership.` };
  }
  const offPence = code.kind === "percent" ? percentOf(feePence, code.percentOff ?? 0) : Math.min(feePence, code.amountOffPence ?? 0);
  return { kind: "applied", offPence, applied: { id: code.id, code: code.code, totalPence: offPence } };
}
