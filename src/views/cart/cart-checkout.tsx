import type { CartQuote } from "../../shared/pricing/cart-quote";
import type { CartItemKind } from "../../shared/cart";
import { itemsParam } from "../../shared/cart-query";
import { TRANSFER_HOLD_DAYS } from "../../shared/hold-periods";
import { BILLING_LABELS, BillingFields } from "../billing/billing-fields";
import { RadioGroup, type RadioOption } from "../forms/choice-fields";
import { ErrorSummary } from "../forms/error-summary";
import { hrefs } from "../../shared/links";
import { cartHref } from "./cart-table";

/** What paying by bank transfer means for what is in the cart: webinars wait for the money; event places are held meanwhile. */
function bankTransferHint(items: readonly { kind: CartItemKind }[]): string {
  const places = items.some((item) => item.kind === "booking");
  const webinars = items.some((item) => item.kind !== "booking");
  const after = "We give you the details after you check out;";
  if (places && webinars) return `${after} your places are held for ${TRANSFER_HOLD_DAYS} days and confirmed, and your webinars are yours, once we receive your payment.`;
  if (places) return `${after} your places are held for ${TRANSFER_HOLD_DAYS} days and confirmed once we receive your payment.`;
  return `${after} your webinars are yours once we receive your payment.`;
}

/** How this viewer checks out: a visitor signs in first; a signed-in user gets the form. */
export type CheckoutAccess =
  | { kind: "sign-in" }
  | {
      kind: "form";
      csrfToken: string;
      /** New on every render: the checkout handler makes one order per key, however often the form is sent. */
      idempotencyKey: string;
      /** Whether card payment (Stripe) is configured. */
      cardPayments: boolean;
      /** The billing fields as typed and their problems, when a checkout came back refused. */
      billing: { values: Partial<Record<string, string>>; errors: Partial<Record<string, string>> };
    };

/**
 * The checkout form, posted to /cart/checkout. It sends the cart as references and the total the
 * buyer was shown; the server prices the cart again and refuses a total that has changed. A paid
 * order may name an organisation to invoice (closed by default, open when anything was typed).
 */
export function CartCheckout({ quote, access }: { quote: CartQuote; access: CheckoutAccess }) {
  const items = quote.lines.map((line) => line.item);
  const hasFree = quote.lines.some((line) => line.status === "free");
  if (quote.totalPence === 0 && !hasFree) {
    return <p className="notice">There is nothing in your cart to buy just now.</p>;
  }
  if (access.kind === "sign-in") {
    // Signing in (or registering) comes back to this cart with its code still applied.
    const back = encodeURIComponent(cartHref(items, quote.code?.code));
    return (
      <div className="cart-checkout">
        <p className="form__actions">
          <a className="button" href={`${hrefs.signIn}?callbackUrl=${back}`} data-cart-sign-in="">
            Sign in to check out
          </a>
        </p>
        <p className="meta">
          Your cart is kept while you sign in. No account yet?{" "}
          <a href={`${hrefs.register}?callbackUrl=${back}`} data-cart-register="">
            Create an account
          </a>{" "}
          and come back here to check out.
        </p>
      </div>
    );
  }
  const options: RadioOption[] = [
    ...(access.cardPayments ? [{ value: "card", label: "Card", hint: "Pay now on Stripe’s secure payment page." }] : []),
    { value: "offline", label: "Bank transfer", hint: bankTransferHint(items) },
  ];
  const { billing } = access;
  const fields = Object.keys(BILLING_LABELS) as (keyof typeof BILLING_LABELS)[];
  const problems = fields.filter((field) => billing.errors[field]).map((field) => ({ field, message: billing.errors[field]! }));
  const billingGiven = problems.length > 0 || fields.some((field) => billing.values[field]?.trim());
  return (
    <form method="post" action="/cart/checkout" className="form cart-checkout" data-cart-checkout="">
      <input type="hidden" name="csrfToken" value={access.csrfToken} />
      <input type="hidden" name="idempotencyKey" value={access.idempotencyKey} />
      <input type="hidden" name="items" value={itemsParam(items)} />
      <input type="hidden" name="expectedTotalPence" value={String(quote.totalPence)} />
      <ErrorSummary problems={problems} />
      {quote.code ? <input type="hidden" name="code" value={quote.code.code} /> : null}
      {quote.totalPence > 0 ? (
        <>
          <RadioGroup id="paymentMethod" legend="How would you like to pay?" options={options} value={billing.values.paymentMethod ?? (access.cardPayments ? "card" : "offline")} />
          <details className="cart-checkout__billing" open={billingGiven}>
            <summary>Invoice to an organisation (optional)</summary>
            <BillingFields
              values={billing.values}
              errors={billing.errors}
              intro="If your employer or another organisation pays, give its details: the receipt and any pro-forma invoice are then made out to it."
            />
          </details>
        </>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="button">
          {quote.totalPence > 0 ? "Check out" : "Get your free webinars"}
        </button>
      </div>
    </form>
  );
}
