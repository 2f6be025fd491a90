/** What a page says about a card payment just made, cancelled or unavailable (coming back from Stripe Checkout). */
import type { CheckoutNotice } from "../../domain/billing";

export type CheckoutNoticeTexts = Record<Exclude<CheckoutNotice, null>, string>;

/** The notice, announced; `name` makes its data attribute (`data-{name}-notice`). */
export function CheckoutNoticeBox({ notice, texts, name }: { notice: CheckoutNotice; texts: CheckoutNoticeTexts; name: "payment" | "order" }) {
  if (!notice) return null;
  const data = { [`data-${name}-notice`]: notice };
  return (
    <div className={`notice notice--${notice === "confirmed" ? "success" : "info"}`} role="status" {...data}>
      <p>{texts[notice]}</p>
    </div>
  );
}
