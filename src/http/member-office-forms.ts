/**
 * The membership office's forms on a member's page (/staff/members/:userId): each change of
 * standing with its own fields and a reason, the record's version the page was made from, and
 * the note form. Every field has a name of its own on the page, so a problem shows beside the
 * right field and the other forms keep nothing wrong.
 */
import * as z from "zod";
import type { StandingChange, StandingChangeKind } from "../domain/member-office";
import { amountIn, isCalendarDate } from "./staff-forms";

const reason = () =>
  z
    .string({ error: `Enter the reason` })
    .trim()
    .min(1, { error: "Enter the reason", abort: true })
    .min(5, { error: "The reason must be at least 5 characters" })
    .max(500, { error: "The reason must be at most 500 characters" });

const day = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the date as YYYY-MM-DD, for example 2026-03-27", abort: true })
    .refine(isCalendarDate, { error: "Enter a real date", abort: true });

const version = z.string({ error: "The form has expired: open the member's page again" }).min(1, { error: "The form has expired: open the member's page again" }).max(40);

/** The change forms' schemas, by the change's name in the URL, as of `today` (YYYY-MM-DD, London). */
export function standingSchemas(today: string): Record<StandingChangeKind, z.ZodType<{ version: string; change: StandingChange }>> {
  const notFuture = (missing: string, what: string) => day(missing).refine((v) => v <= today, { error: `The ${what} cannot be in the future` });
  return {
    honour: z
      .object({ version, honour: z.enum(["honorary", "life"], { error: "Choose honorary or life membership" }), honourReason: reason() })
      .transform((v) => ({ version: v.version, change: { kind: "honour" as const, honour: v.honour, reason: v.honourReason } })),
    concession: z
      .object({
        version,
        concessionAmount: amountIn("Enter the yearly price during the concession"),
        concessionUntil: day("Enter the day the concession ends").refine((v) => v > today, { error: "The concession must end after today" }),
        concessionReason: reason(),
      })
      .transform((v) => ({ version: v.version, change: { kind: "concession" as const, pence: v.concessionAmount, until: v.concessionUntil, reason: v.concessionReason } })),
    "end-concession": z
      .object({ version, endConcessionReason: reason() })
      .transform((v) => ({ version: v.version, change: { kind: "end-concession" as const, reason: v.endConcessionReason } })),
    suspend: z
      .object({ version, suspendedOn: notFuture("Enter the date of the suspension", "suspension date"), suspendReason: reason() })
      .transform((v) => ({ version: v.version, change: { kind: "suspend" as const, on: v.suspendedOn, reason: v.suspendReason } })),
    "strike-off": z
      .object({ version, struckOffOn: notFuture("Enter the date of striking off", "date of striking off"), strikeOffReason: reason() })
      .transform((v) => ({ version: v.version, change: { kind: "strike-off" as const, on: v.struckOffOn, reason: v.strikeOffReason } })),
    reinstate: z
      .object({ version, reinstateReason: reason() })
      .transform((v) => ({ version: v.version, change: { kind: "reinstate" as const, reason: v.reinstateReason } })),
    extend: z
      .object({
        version,
        extendDays: z
          .string({ error: "Enter the number of days" })
          .trim()
          .min(1, { error: "Enter the number of days", abort: true })
          .regex(/^\d{1,4}$/, { error: "Enter a whole number of days, like 30", abort: true })
          .transform(Number)
          .refine((n) => n >= 1 && n <= 730, { error: "Extend by between 1 and 730 days" }),
        extendReason: reason(),
      })
      .transform((v) => ({ version: v.version, change: { kind: "extend" as const, days: v.extendDays, reason: v.extendReason } })),
  };
}

export const STANDING_CHANGES = ["honour", "concession", "end-concession", "suspend", "strike-off", "reinstate", "extend"] as const satisfies readonly StandingChangeKind[];

export const noteSchema = z.object({
  noteBody: z
    .string({ error: "Enter the note" })
    .trim()
    .min(1, { error: "Enter the note", abort: true })
    .max(5000, { error: "The note must be at most 5,000 characters" }),
});

/** What staff are told when a colleague (or the member) changed the record after the form was made. */
export const STALE_MESSAGE = "Someone else changed this member's record after you opened it, so nothing was saved. The page now shows the record as it is: check it, then try again.";
