import type { WebinarBundle, WebinarSummary } from "../../domain/content";
import { sameItem, type CartItemRef } from "../../shared/cart";
import { itemsParam } from "../../shared/cart-query";
import type { BundleLineStatus } from "../../shared/pricing/bundle-offer";
import type { CartQuote, CartQuoteLine } from "../../shared/pricing/cart-quote";
import { formatPence } from "../format";
import { hrefs } from "../../shared/links";
import { webinarState } from "../webinars/webinar-state";
import { WebinarWhen } from "../webinars/webinar-when";
import { itemLabel } from "./cart-labels";

export interface CartCatalogue {
  webinars: readonly WebinarSummary[];
  bundles: readonly WebinarBundle[];
}

export interface CartTableProps {
  quote: CartQuote;
  catalogue: CartCatalogue;
  now: Date;
}

/** The cart's lines, priced for this viewer, each with a Remove link that works without JavaScript. */
export function CartTable({ quote, catalogue, now }: CartTableProps) {
  const items = quote.lines.map((line) => line.item);
  return (
    <table className="data-table cart-table">
      <caption className="visually-hidden">The items in your cart and what each costs you</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="cart-table__price">
            Price
          </th>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={`${line.item.kind}:${line.item.id}`} data-cart-line={`${line.item.kind}:${line.item.id}`} data-status={line.status}>
            <td>
              <LineTitle line={line} catalogue={catalogue} />
              <LineDetails line={line} catalogue={catalogue} now={now} />
            </td>
            <td className="cart-table__price">{line.status === "payable" ? <PayablePrice line={line} /> : <span className="cart-table__message">{line.message}</span>}</td>
            <td>
              <a href={cartHref(items.filter((item) => !sameItem(item, line.item)))} className="cart-table__remove" data-cart-remove={`${line.item.kind}:${line.item.id}`}>
                Remove<span className="visually-hidden"> {itemLabel(line)}</span>
              </a>
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {quote.code ? (
          <tr data-cart-discount={quote.code.code}>
            <th scope="row">Discount code {quote.code.code}</th>
            <td className="cart-table__price">−{formatPence(quote.code.totalPence)}</td>
            <td></td>
          </tr>
        ) : null}
        <tr>
          <th scope="row">Total</th>
          <td className="cart-table__price" data-cart-total={quote.totalPence}>
            {formatPence(quote.totalPence)}
          </td>
          <td></td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The cart page for exactly these items (`?items=`, empty for an empty cart). */
/** The cart page for these items, with the discount code applied to them when there is one. */
export const cartHref = (items: readonly CartItemRef[], code?: string): string =>
  `${hrefs.cart}?items=${itemsParam(items)}${code ? `&code=${encodeURIComponent(code)}` : ""}`;

function LineTitle({ line, catalogue }: { line: CartQuoteLine; catalogue: CartCatalogue }) {
  const slug =
    line.item.kind === "webinar" ? catalogue.webinars.find((w) => w.id === line.item.id)?.slug : catalogue.bundles.find((b) => b.id === line.item.id)?.slug;
  if (line.title === null || slug === undefined) return <span className="cart-table__title">{itemLabel(line)}</span>;
  return (
    <a href={line.item.kind === "webinar" ? hrefs.webinar(slug) : hrefs.bundle(slug)} className="cart-table__title">
      {line.title}
    </a>
  );
}

const BUNDLE_WEBINAR_NOTE: Record<Exclude<BundleLineStatus, "payable">, string> = {
  free: "free for you",
  owned: "you have it already",
  "not-on-sale": "not on sale at the moment, so not charged",
  "covered-by-bundle": "in another bundle in your cart",
};

/** What the line is: a live webinar and when, a recording, or a bundle and what it includes. */
function LineDetails({ line, catalogue, now }: { line: CartQuoteLine; catalogue: CartCatalogue; now: Date }) {
  const priced = line.priced;
  if (priced === null) return null;
  if (priced.kind === "webinar") {
    const webinar = catalogue.webinars.find((w) => w.id === line.item.id);
    if (priced.offer.product === "recording" || webinar === undefined) return <p className="cart-table__what">Recording</p>;
    return (
      <p className="cart-table__what">
        Live webinar, <WebinarWhen state={webinarState(webinar, now)} />
      </p>
    );
  }
  if (priced.kind === "booking") {
    return (
      <p className="cart-table__what">
        Event places, held for you until {new Date(priced.booking.holdExpiresAt).toLocaleTimeString("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" })} (London time)
      </p>
    );
  }
  const { offer } = priced;
  const notes = offer.lines.flatMap((l) => (l.status === "payable" ? [] : [{ id: l.webinarId, text: `${l.name}: ${BUNDLE_WEBINAR_NOTE[l.status]}` }]));
  return (
    <>
      <p className="cart-table__what">
        Bundle of {offer.lines.length} {offer.lines.length === 1 ? "webinar" : "webinars"}
        {offer.discountPence > 0 ? `, including a bundle discount of ${formatPence(offer.discountPence)}` : ""}
      </p>
      {notes.length > 0 ? (
        <ul className="cart-table__notes">
          {notes.map((note) => (
            <li key={note.id}>{note.text}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function PayablePrice({ line }: { line: CartQuoteLine }) {
  const memberPrice = line.priced?.kind === "webinar" && line.priced.offer.price.kind === "paid" && line.priced.offer.price.tier === "member";
  return (
    <>
      {formatPence(line.pence)}
      {memberPrice ? <span className="cart-table__tier"> member price</span> : null}
      {line.codeDiscountPence ? <span className="cart-table__tier"> after {formatPence(line.codeDiscountPence)} off with your code</span> : null}
    </>
  );
}
