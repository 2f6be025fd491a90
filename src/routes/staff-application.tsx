/**
 * Staff: one membership application in full, and the two things staff do to one awaiting
 * payment — record an offline payment (activating the membership) or reject it. Both are
 * logged with who and when; success redirects back here (303) with a confirmation.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { createApplicationStore, type Application } from "../adapters/d1/applications";
import { createAuditLog } from "../adapters/d1/audit-log";
import { AppError } from "../errors";
import { requireStaff, staffEmailOf } from "../middleware/require-staff";
import { ApplicationNotAwaitingPayment, recordOfflinePayment, rejectApplication, type StaffActionDeps } from "../services/membership/staff-actions";
import { londonDate } from "../shared/london-date";
import type { HonoEnv } from "../types";
import type { FieldProblem } from "../views/forms/error-summary";
import { ApplicationDetailContent } from "../views/staff/application-detail-content";
import { PaymentForm, RejectForm, type PaymentFormValues } from "../views/staff/application-forms";
import { STATUS_LABELS } from "../views/staff/labels";
import { csrfFormToken } from "./auth-helpers";
import { renderScreen, siteContext } from "./screen";

const AMOUNT_FORMAT = "Enter the amount in pounds, like 45 or 45.50";

/** "45", "45.5", "£1,045.50" -> pence; anything else is a specific problem. */
const Amount = z
  .string({ error: "Enter the amount received" })
  .max(20, { error: AMOUNT_FORMAT })
  .transform((raw, ctx) => {
    const text = raw.trim().replace(/^£/, "").replaceAll(",", "");
    const problem = (message: string) => (ctx.addIssue({ code: "custom", message }), z.NEVER);
    if (text === "") return problem("Enter the amount received");
    if (/^-\d/.test(text)) return problem("The amount must be more than £0");
    if (!/^\d+(\.\d{1,2})?$/.test(text)) return problem(AMOUNT_FORMAT);
    const [pounds, pence = ""] = text.split(".") as [string, string?];
    const total = Number(pounds) * 100 + Number(pence.padEnd(2, "0"));
    if (total <= 0) return problem("The amount must be more than £0");
    if (total > 10_000_000) return problem("The amount must be at most £100,000");
    return total;
  });

/** "2025-02-28" is; "2025-02-30" is not. */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The payment form for an application submitted on `earliest`, received by `today` (YYYY-MM-DD, London). */
const paymentSchema = (earliest: string, today: string) =>
  z.object({
    amount: Amount,
    receivedOn: z
      .string({ error: "Enter the date the payment was received" })
      .trim()
      .min(1, { error: "Enter the date the payment was received", abort: true })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the date as YYYY-MM-DD, for example 2026-03-27", abort: true })
      .refine(isCalendarDate, { error: "Enter a real date", abort: true })
      .refine((value) => value <= today, { error: "The date received cannot be in the future" })
      .refine((value) => value >= earliest, { error: `The date received cannot be before the application was submitted (${earliest})` }),
    paymentReference: z
      .string({ error: "Enter the payment reference" })
      .trim()
      .min(1, { error: "Enter the payment reference", abort: true })
      .max(100, { error: "The payment reference must be at most 100 characters" }),
  });

const Rejection = z.object({
  reason: z
    .string({ error: "Enter the reason for rejecting the application" })
    .trim()
    .min(1, { error: "Enter the reason for rejecting the application", abort: true })
    .min(5, { error: "The reason must be at least 5 characters" })
    .max(500, { error: "The reason must be at most 500 characters" }),
});

/** The first problem for each field, in form order. */
function problemsOf(error: z.ZodError): FieldProblem[] {
  const seen = new Set<string>();
  return error.issues.flatMap((issue) => {
    const field = String(issue.path[0] ?? "");
    if (seen.has(field)) return [];
    seen.add(field);
    return [{ field, message: issue.message }];
  });
}

/** What was typed, to put back in the form (strings only, and not more than a field could hold). */
const typed = (value: unknown): string => (typeof value === "string" ? value.slice(0, 1000) : "");

const NOTICES: Record<string, string> = {
  payment: "Payment recorded. The membership is now active.",
  rejected: "Application rejected. The reason is kept on its record.",
};

const actionDeps = (c: Context<HonoEnv>): StaffActionDeps => ({
  applications: createApplicationStore(c.var.config.bindings.db),
  audit: createAuditLog(c.var.config.bindings.db),
  newId: () => crypto.randomUUID(),
});

async function findApplication(c: Context<HonoEnv>, deps: StaffActionDeps): Promise<Application> {
  const application = await deps.applications.byId(c.req.param("id") ?? "");
  if (!application) throw new AppError("NOT_FOUND", "No application with this id");
  return application;
}

function refuseUnlessAwaitingPayment(application: Application, action: string): void {
  if (application.status !== "awaiting_payment") {
    throw new AppError(
      "CONFLICT",
      `Application ${application.reference} is ${STATUS_LABELS[application.status].toLowerCase()}, not awaiting payment, so you cannot ${action}. Nothing has been changed.`,
    );
  }
}

interface FormState {
  payment?: { problems: FieldProblem[]; values: PaymentFormValues };
  reject?: { problems: FieldProblem[]; reason: string };
}

async function renderApplication(c: Context<HonoEnv>, deps: StaffActionDeps, application: Application, state: FormState = {}) {
  const [layout, payments, audit] = await Promise.all([
    c.var.content.layout(),
    deps.applications.payments(application.id),
    deps.audit.forApplication(application.id),
  ]);
  const action = `/staff/applications/${encodeURIComponent(application.id)}`;
  const csrfToken = await csrfFormToken(c);
  const actions =
    application.status === "awaiting_payment" ? (
      <>
        <PaymentForm
          action={`${action}/payment`}
          csrfToken={csrfToken}
          problems={state.payment?.problems ?? []}
          values={state.payment?.values ?? { amount: (application.amountDuePence / 100).toFixed(2), receivedOn: "", paymentReference: application.reference }}
          today={londonDate(new Date())}
          earliest={londonDate(new Date(application.createdAt))}
        />
        <RejectForm action={`${action}/reject`} csrfToken={csrfToken} problems={state.reject?.problems ?? []} reason={state.reject?.reason ?? ""} />
      </>
    ) : null;
  const failed = Boolean(state.payment?.problems.length || state.reject?.problems.length);
  return renderScreen(c, {
    layout,
    site: siteContext(c),
    head: { pageTitle: `Application ${application.reference}`, noindex: true },
    section: null,
    isPrivate: true,
    status: failed ? 400 : 200,
    children: (
      <ApplicationDetailContent
        application={application}
        payments={payments}
        audit={audit}
        notice={failed ? null : (NOTICES[c.req.query("done") ?? ""] ?? null)}
        actions={actions}
      />
    ),
  });
}

/** Runs a staff action, turning a lost race (someone acted first) into the same clear refusal. */
async function act(application: Application, action: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApplicationNotAwaitingPayment) refuseUnlessAwaitingPayment(error.application, action);
    throw error;
  }
}

export const staffApplicationRoutes = new Hono<HonoEnv>()
  // Also gated here, so these routes are never reachable without the check however they are mounted.
  .use("/staff/*", requireStaff())
  .get("/staff/applications/:id", async (c) => {
    const deps = actionDeps(c);
    return renderApplication(c, deps, await findApplication(c, deps));
  })
  .post("/staff/applications/:id/payment", async (c) => {
    const deps = actionDeps(c);
    const application = await findApplication(c, deps);
    refuseUnlessAwaitingPayment(application, "record a payment");
    const body = await c.req.parseBody();
    const form = paymentSchema(londonDate(new Date(application.createdAt)), londonDate(new Date())).safeParse(body);
    if (!form.success) {
      const values = { amount: typed(body.amount), receivedOn: typed(body.receivedOn), paymentReference: typed(body.paymentReference) };
      return renderApplication(c, deps, application, { payment: { problems: problemsOf(form.error), values } });
    }
    const { amount, receivedOn, paymentReference } = form.data;
    await act(application, "record a payment", async () => {
      await recordOfflinePayment(deps, staffEmailOf(c)!, application, { amountPence: amount, receivedOn, reference: paymentReference });
    });
    return c.redirect(`/staff/applications/${encodeURIComponent(application.id)}?done=payment`, 303);
  })
  .post("/staff/applications/:id/reject", async (c) => {
    const deps = actionDeps(c);
    const application = await findApplication(c, deps);
    refuseUnlessAwaitingPayment(application, "reject it");
    const body = await c.req.parseBody();
    const form = Rejection.safeParse(body);
    if (!form.success) return renderApplication(c, deps, application, { reject: { problems: problemsOf(form.error), reason: typed(body.reason) } });
    await act(application, "reject it", () => rejectApplication(deps, staffEmailOf(c)!, application, form.data.reason));
    return c.redirect(`/staff/applications/${encodeURIComponent(application.id)}?done=rejected`, 303);
  });
