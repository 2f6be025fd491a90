/**
 * Receipts as people see them: a user's own list and each one as a printable page, and staff's
 * view of any receipt. A receipt that is not the user's is NOT_FOUND, exactly as one that does not
 * exist, so its number says nothing about anyone else's payments.
 */
import type { ReceiptStore } from "../../adapters/d1/receipts";
import type { LayoutData } from "../../domain/content";
import type { Receipt, ReceiptIssuer } from "../../domain/receipts";
import { AppError } from "../../errors";
import type { ContentService } from "../content/content-service";
import { receiptIssuer } from "./receipt-content";
import { parseReceiptNumber } from "./receipt-number";

export interface ReceiptServiceDeps {
  receipts: Pick<ReceiptStore, "byNumber" | "forUser">;
  content: Pick<ContentService, "layout">;
  siteName: string;
}

/** One receipt to print, with the society that issued it and the layout its page is shown in. */
export interface PrintableReceipt {
  layout: LayoutData;
  receipt: Receipt;
  issuer: ReceiptIssuer;
}

export type ReceiptService = ReturnType<typeof createReceiptService>;

const notFound = () => new AppError("NOT_FOUND", "No receipt with this number");

export function createReceiptService(deps: ReceiptServiceDeps) {
  async function printable(number: string, allowed: (receipt: Receipt) => boolean): Promise<PrintableReceipt> {
    const receipt = parseReceiptNumber(number) ? await deps.receipts.byNumber(number) : null;
    if (!receipt || !allowed(receipt)) throw notFound();
    const layout = await deps.content.layout();
    return { layout, receipt, issuer: receiptIssuer(layout.footer, deps.siteName) };
  }

  return {
    /** The user's receipts, newest first. */
    mine: (userId: string): Promise<Receipt[]> => deps.receipts.forUser(userId),
    /** One of the user's own receipts; anyone else's is NOT_FOUND. */
    own: (userId: string, number: string) => printable(number, (receipt) => receipt.userId === userId),
    /** Staff: any receipt. */
    any: (number: string) => printable(number, () => true),
  };
}
