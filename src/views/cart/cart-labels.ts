import type { CartQuoteLine } from "../../shared/pricing/cart-quote";

/** A line's name, or what it was when the catalogue no longer has it. */
export const itemLabel = (line: CartQuoteLine): string => line.title ?? (line.item.kind === "bundle" ? "A bundle that is no longer available" : line.item.kind === "booking" ? "Event places that are no longer held" : "A webinar that is no longer available");
