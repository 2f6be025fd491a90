/**
 * /register: anyone can create an account (GET the form, POST it without JavaScript; the `auth`
 * island does the same through Firebase's SDK). Validation is the shared schema; the registration
 * service creates the account, has Firebase send the verification e-mail and signs the user in,
 * who then goes back to `callbackUrl` (a buyer to the same cart).
 */
import { Hono, type Context } from "hono";
import { getPublicEnv } from "../env";
import { AppError } from "../errors";
import { cookies } from "../middleware/session/cookies";
import { RETRY_AFTER_SECONDS } from "../services/auth/attempt-limits";
import { safeCallbackUrl } from "../services/auth/callback-url";
import { RegisterForm, registerUnavailableNotice } from "../shared/register-form";
import { chosenTopics } from "../http/topic-choices";
import type { HonoEnv } from "../types";
import { RegisterContent } from "../views/auth/register-content";
import type { FieldProblem } from "../views/forms/error-summary";

const FIELD_ORDER = ["name", "email", "password"];

interface RegisterState {
  callbackUrl: string;
  ticked?: ReadonlySet<string>;
  values: { name: string; email: string };
  problems: FieldProblem[];
  notice: string | null;
  status: 200 | 400 | 429;
}

async function render(c: Context<HonoEnv>, state: RegisterState) {
  if (state.status === 429) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  return c.render(
    <RegisterContent
      csrfToken={await c.var.csrfToken()}
      callbackUrl={state.callbackUrl}
      values={state.values}
      problems={state.problems}
      notice={state.notice}
      islandConfig={JSON.stringify(getPublicEnv(c.var.config))}
      topics={await c.var.services.consents.topics()}
      ticked={state.ticked}
    />,
    {
      layout: await c.var.services.content.layout(),
      head: { pageTitle: state.problems.length > 0 ? "There is a problem — Create an account" : "Create an account", noindex: true },
      section: null,
      isPrivate: true,
      islands: ["auth"],
      status: state.status,
    },
  );
}

const typed = (value: unknown, max: number) => (typeof value === "string" ? value.slice(0, max) : "");

export const registerRoutes = new Hono<HonoEnv>()
  .get("/register", async (c) => {
    const callbackUrl = safeCallbackUrl(c.req.query("callbackUrl"), c.var.config.site.url);
    if (c.var.session) return c.redirect(callbackUrl, 303);
    return render(c, { callbackUrl, values: { name: "", email: (c.req.query("email") ?? "").slice(0, 254) }, problems: [], notice: null, status: 200 });
  })
  .post("/register", async (c) => {
    const body = (await c.req.parseBody()) as Record<string, unknown>;
    const callbackUrl = safeCallbackUrl(typed(body.callbackUrl, 2048), c.var.config.site.url);
    const values = { name: typed(body.name, 100), email: typed(body.email, 254) };
    const topics = await c.var.services.consents.topics();
    const ticked = chosenTopics(body, topics);
    const again = (problems: FieldProblem[], status: RegisterState["status"] = 400, notice: string | null = null) =>
      render(c, { callbackUrl, values, problems, notice, status, ticked });

    const form = RegisterForm.safeParse(body);
    if (!form.success) {
      const problems = new Map<string, string>();
      for (const issue of form.error.issues) {
        const field = String(issue.path[0] ?? "email");
        if (!problems.has(field)) problems.set(field, issue.message);
      }
      return again(FIELD_ORDER.filter((field) => problems.has(field)).map((field) => ({ field, message: problems.get(field)! })));
    }
    try {
      const outcome = await c.var.services.registration.register(form.data);
      if (outcome.kind === "unavailable") return again([], 200, registerUnavailableNotice(form.data.email));
      if (outcome.kind === "problems") return again(Object.entries(outcome.errors).map(([field, message]) => ({ field, message: message! })));
      // The opt-ins ticked, recorded as given on this form now (an unticked one records nothing).
      await c.var.services.consents.save(outcome.started.session.userId, ticked, "register", "given-only");
      if (c.var.session) await c.var.services.auth.endSession(c.var.session);
      cookies.setSession(c, outcome.started.token, outcome.started.session.expiresAt);
      cookies.setLoggedInPreviously(c);
      cookies.clearSignedOutAt(c);
      c.header("Cache-Control", "private, no-store");
      return c.redirect(callbackUrl, 303);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "RATE_LIMITED") throw error;
      return again([{ field: "email", message: error.message }], 429);
    }
  });
