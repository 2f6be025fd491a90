/**
 * Staff make a member by hand (services/membership/member-creation.ts):
 *   GET  /staff/members/new   the form
 *   POST /staff/members/new   make the record (and send the invitation when asked), then its page
 * Mounted before the member's page, whose `:userId` would otherwise take "new".
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import { amountIn, isCalendarDate, problemsOf, reasonSchema, typed } from "../http/staff-forms";
import { IN_PERSON_WAYS, type InPersonPayment } from "../domain/in-person-payment";
import { hrefs } from "../shared/links";
import { londonDate } from "../shared/london-date";
import type { StaffEnv } from "../types";
import { NewMemberForm } from "../views/staff/new-member-form";

const name = (missing: string, what: string) =>
  z.string({ error: missing }).trim().min(1, { error: missing, abort: true }).max(100, { error: `The ${what} must be at most 100 characters` });

const newMemberSchema = (today: string) =>
  z.object({
    email: z
      .string({ error: "Enter the e-mail address" })
      .trim()
      .min(1, { error: "Enter the e-mail address", abort: true })
      .max(254, { error: "The e-mail address must be at most 254 characters", abort: true })
      .pipe(z.email({ error: "Enter an e-mail address, like name@example.com" })),
    givenName: name("Enter the first name", "first name"),
    familyName: name("Enter the last name", "last name"),
    postalAddress: z
      .string()
      .trim()
      .max(500, { error: "The postal address must be at most 500 characters" })
      .optional()
      .transform((v) => v || null),
    membership: z.string({ error: "Choose a membership type" }).min(1, { error: "Choose a membership type" }),
    periodStart: z
      .string({ error: "Enter the day the membership starts" })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the date as YYYY-MM-DD, for example 2026-03-27", abort: true })
      .refine(isCalendarDate, { error: "Enter a real date", abort: true })
      .refine((v) => v <= today, { error: "The membership cannot start in the future" }),
    invite: z.literal("on").optional(),
    reason: reasonSchema("Enter the reason").shape.reason,
  });

/**
 * The fee paid in person, read only when an amount is given (no amount: nothing was taken, and
 * the other payment fields are not asked for).
 */
const inPersonPaymentSchema = (today: string) =>
  z.object({
    paymentAmount: amountIn("Enter the amount paid"),
    paymentWay: z.enum(IN_PERSON_WAYS, { error: "Choose how the fee was paid" }),
    paymentDate: z
      .string({ error: "Enter the day the fee was paid" })
      .trim()
      .min(1, { error: "Enter the day the fee was paid", abort: true })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the date as YYYY-MM-DD, for example 2026-03-27", abort: true })
      .refine(isCalendarDate, { error: "Enter a real date", abort: true })
      .refine((v) => v <= today, { error: "The day paid cannot be in the future" }),
    paymentReference: z
      .string()
      .trim()
      .max(100, { error: "The payment reference must be at most 100 characters" })
      .optional()
      .transform((v) => v || null),
  });

/** Every problem with the form at once: the member's fields and, when an amount is given, the payment's. */
function parseNewMember(body: Record<string, unknown>, today: string) {
  const member = newMemberSchema(today).safeParse(body);
  const feeGiven = typed(body.paymentAmount).trim() !== "";
  const fee = feeGiven ? inPersonPaymentSchema(today).safeParse(body) : null;
  const errors = Object.fromEntries([...(member.success ? [] : problemsOf(member.error)), ...(fee && !fee.success ? problemsOf(fee.error) : [])].map((p) => [p.field, p.message]));
  if (!member.success || (fee && !fee.success)) return { errors };
  const payment: InPersonPayment | null = fee?.success
    ? { amountPence: fee.data.paymentAmount, way: fee.data.paymentWay, receivedOn: fee.data.paymentDate, reference: fee.data.paymentReference }
    : null;
  return { input: { ...member.data, payment } };
}

async function renderForm(c: Context<StaffEnv>, values: Record<string, string>, errors: Record<string, string>, status: 200 | 400 = 200) {
  return c.render(
    <NewMemberForm types={await c.var.services.memberCreation.types()} values={values} errors={errors} csrfToken={await c.var.csrfToken()} today={londonDate(new Date())} />,
    { layout: await c.var.services.content.layout(), head: { pageTitle: status === 200 ? "Add a member by hand" : "There is a problem — Add a member", noindex: true }, section: null, isPrivate: true, status },
  );
}

export const staffMemberNewRoutes = new Hono<StaffEnv>()
  .get("/staff/members/new", (c) => renderForm(c, {}, {}))
  .post("/staff/members/new", async (c) => {
    const body = (await c.req.parseBody()) as Record<string, unknown>;
    const values = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typed(v)]));
    const parsed = parseNewMember(body, londonDate(new Date()));
    if (!parsed.input) return renderForm(c, values, parsed.errors, 400);
    const { invite, ...input } = parsed.input;
    const outcome = await c.var.services.memberCreation.create(c.var.staffMember.email, { ...input, invite: invite === "on" });
    if (outcome.kind === "problems") return renderForm(c, values, outcome.errors, 400);
    return c.redirect(`${hrefs.staffMember(outcome.userId)}?done=created`, 303);
  });
