import type { Receipt } from "../../domain/receipts";

export const RECEIPT_METHOD_LABELS: Record<Receipt["method"], string> = { card: "Card", offline: "Bank transfer or cheque" };

/** What a receipt was for, in a few words: its first item, and how many more. */
export function receiptSummary(receipt: Receipt): string {
  const [first, ...rest] = receipt.items;
  if (!first) return receipt.source === "membership" ? "Membership" : "Webinar order";
  return rest.length === 0 ? first.description : `${first.description} and ${rest.length} more`;
}
