/**
 * What the staff action forms share (applications and webinar orders): the offline payment and
 * reason schemas with their specific messages, turning a schema's failure into one problem per
 * field, and the refusal when the record has moved on from awaiting payment.
 */
import * as z from "zod";
import { AppError } from "../errors";
import type { FieldProblem } from "../views/forms/error-summary";
import { formatPence } from "../views/format";

const AMOUNT_FORMAT = "Enter the amount in pounds, like 45 or 45.50";

/** "45", "45.5", "£1,045.50" -> pence; anything else is a specific problem; `missing` says what to enter. */
export const amountIn = (missing: string) =>
  z
    .string({ error: missing })
    .max(20, { error: AMOUNT_FORMAT })
    .transform((raw, ctx) => {
      const text = raw.trim().replace(/^£/, "").replaceAll(",", "");
      const problem = (message: string) => (
        ctx.addIssue({ code: "custom", message }),
        z.NEVER
      );
      if (text === "") return problem(missing);
      if (/^-\d/.test(text)) return problem("The amount must be more than £0");
      if (!/^\d+(\.\d{1,2})?$/.test(text)) return problem(AMOUNT_FORMAT);
      const [pounds, pence = ""] = text.split(".") as [string, string?];
      const total = Number(pounds) * 100 + Number(pence.padEnd(2, "0"));
      if (total <= 0) return problem("The amount must be more than £0");
      if (total > 10_000_000)
        return problem("The amount must be at most £100,000");
      return total;
    });

const Amount = amountIn("Enter the amount received");

/** "2025-02-28" is; "2025-02-30" is not. */
export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export interface PaymentDates {
  /** The first day money could have arrived (YYYY-MM-DD, London): the day the record was made. */
  earliest: string;
  /** How that day is described, e.g. "the application was submitted". */
  earliestIs: string;
  /** Today in London (YYYY-MM-DD). */
  today: string;
}

/** The offline payment form: amount in pounds (to pence), date received and payment reference. */
export const offlinePaymentSchema = ({
  earliest,
  earliestIs,
  today,
}: PaymentDates) =>
  z.object({
    amount: Amount,
    receivedOn: z
      .string({ error: "Enter the date the payment was received" })
      .trim()
      .min(1, { error: "Enter the date the payment was received", abort: true })
      .regex(/^\d{4}-\d{2}-\d{2}$/, {
        error: "Enter the date as YYYY-MM-DD, for example 2026-03-27",
        abort: true,
      })
      .refine(isCalendarDate, { error: "Enter a real date", abort: true })
      .refine((value) => value <= today, {
        error: "The date received cannot be in the future",
      })
      .refine((value) => value >= earliest, {
        error: `The date received cannot be before ${earliestIs} (${earliest})`,
      }),
    paymentReference: z
      .string({ error: "Enter the payment reference" })
      .trim()
      .min(1, { error: "Enter the payment reference", abort: true })
      .max(100, {
        error: "The payment reference must be at most 100 characters",
      }),
  });

/** A reason kept on the record, between 5 and 500 characters; `missing` says what to enter. */
export const reasonSchema = (missing: string) =>
  z.object({
    reason: z
      .string({ error: missing })
      .trim()
      .min(1, { error: missing, abort: true })
      .min(5, { error: "The reason must be at least 5 characters" })
      .max(500, { error: "The reason must be at most 500 characters" }),
  });

/** The refund form: the amount in pounds (to pence), the reason, and whether the webinars go back. */
export const refundSchema = z.object({
  refundAmount: amountIn("Enter the amount to refund"),
  refundReason: reasonSchema("Enter the reason for the refund").shape.reason,
  revoke: z.enum(["keep", "revoke-webinars"], {
    error: "Choose whether the buyer keeps the webinars",
  }),
  paymentId: z
    .string({ error: "The form names no payment" })
    .min(1, { error: "The form names no payment" })
    .max(200),
  idempotencyKey: z
    .string({ error: "The refund form has expired: open the order again" })
    .regex(/^[A-Za-z0-9-]{16,64}$/, {
      error: "The refund form has expired: open the order again",
    }),
});

/** Refunding a membership payment: as an order's, with what happens to the membership instead. */
export const membershipRefundSchema = z.object({
  refundAmount: amountIn("Enter the amount to refund"),
  refundReason: reasonSchema("Enter the reason for the refund").shape.reason,
  membership: z.enum(["keep", "end-at-period-end", "end-now"], {
    error: "Choose what happens to the membership: keep it, leave it to run to the period end, or end it now",
  }),
  idempotencyKey: z
    .string({ error: "The refund form has expired: open the payment again" })
    .regex(/^[A-Za-z0-9-]{16,64}$/, {
      error: "The refund form has expired: open the payment again",
    }),
});

/** The first problem for each field, in form order. */
export function problemsOf(error: z.ZodError): FieldProblem[] {
  const seen = new Set<string>();
  return error.issues.flatMap((issue) => {
    const field = String(issue.path[0] ?? "");
    if (seen.has(field)) return [];
    seen.add(field);
    return [{ field, message: issue.message }];
  });
}

/** What was typed, to put back in the form (strings only, and not more than a field could hold). */
export const typed = (value: unknown): string =>
  typeof value === "string" ? value.slice(0, 1000) : "";

/** The 409 for acting on a record that is no longer awaiting payment, e.g. ("Order GH-1", "paid", "cancel it"). */
export const notAwaitingPayment = (
  subject: string,
  status: string,
  action: string,
): AppError =>
  new AppError(
    "CONFLICT",
    `${subject} is ${status.toLowerCase()}, not awaiting payment, so you cannot ${action}. Nothing has been changed.`,
  );

/**
 * A received amount other than what is due is allowed (a short or over payment), but only once
 * staff have confirmed that very amount: the problem to show until they have, else null. The
 * same rule for applications and orders. `due` names the expected amount ("the order total").
 */
export function unconfirmedAmount(
  due: { pence: number; name: string },
  amountPence: number,
  body: Record<string, unknown>,
): FieldProblem | null {
  if (amountPence === due.pence) return null;
  if (
    body.confirmAmount === "on" &&
    body.confirmedPence === String(amountPence)
  )
    return null;
  return {
    field: "confirmAmount",
    message: `${formatPence(amountPence)} is not ${due.name} of ${formatPence(due.pence)}. Check the amount, then tick the box to confirm it was received.`,
  };
}
