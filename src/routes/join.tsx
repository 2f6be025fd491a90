/**
 * /join: the application form (GET) and its submission (POST). Validation uses the one shared
 * schema; every problem goes back next to its field with what was typed kept (not the password).
 * A submission creates the Firebase account (or uses the signed-in one), stores the application
 * and the membership record in D1, signs the applicant in, and continues to payment (offline:
 * /user/membership shows the amount and reference). Idempotency keys make double submits and
 * retries safe.
 */
import { Hono, type Context } from "hono";
import { createApplicationStore } from "../adapters/d1/applications";
import { createMembershipStore } from "../adapters/d1/memberships";
import { IdentityError } from "../adapters/firebase/identity-toolkit";
import { AppError } from "../errors";
import { log } from "../log";
import { cookies } from "../middleware/session/cookies";
import { apply, previousSubmission } from "../services/membership/apply";
import { membershipTerms } from "../services/membership/terms";
import type { MembershipTerms } from "../domain/membership";
import { JoinAccount, JoinDetails, joinErrors, type JoinErrors } from "../shared/join-form";
import type { HonoEnv } from "../types";
import { JoinForm } from "../views/join/join-form";
import { JoinContent } from "../views/pages/join-content";
import { csrfFormToken, limitAuthAttempts } from "./auth-helpers";
import { cardCheckoutOrFallback } from "./membership-payment";
import { renderScreen, siteContext } from "./screen";

const MAX_FIELD = 4096;

async function loadJoin(c: Context<HonoEnv>) {
  const { content } = c.var;
  const [layout, joinPage, memberships, pages] = await Promise.all([
    content.layout(),
    content.joinPage(),
    content.memberships(),
    content.allGeneralPages(),
  ]);
  if (!joinPage) throw new AppError("NOT_FOUND", "The join page has not been published");
  return { layout, joinPage, memberships, terms: membershipTerms(memberships, pages) };
}

async function renderJoin(
  c: Context<HonoEnv>,
  data: Awaited<ReturnType<typeof loadJoin>>,
  state: { values: Partial<Record<string, string>>; errors: JoinErrors; idempotencyKey: string },
) {
  const hasErrors = Object.keys(state.errors).length > 0;
  return renderScreen(c, {
    layout: data.layout,
    site: siteContext(c),
    head: { pageSeo: data.joinPage.seo, pageTitle: hasErrors ? "There is a problem — Join the Guild" : "Join the Guild" },
    section: "professionals",
    isPrivate: true,
    status: hasErrors ? 400 : 200,
    children: (
      <JoinContent
        joinPage={data.joinPage}
        memberships={data.memberships}
        form={
          <JoinForm
            joinPage={data.joinPage}
            terms={[...data.terms.values()]}
            csrfToken={await csrfFormToken(c)}
            idempotencyKey={state.idempotencyKey}
            values={state.values}
            errors={state.errors}
            signedInAs={c.var.session?.email ?? null}
            cardPayments={c.var.config.stripe !== null}
          />
        }
      />
    ),
  });
}

/** Text fields as typed (strings only, bounded), for redisplay. Never the password. */
function typedValues(body: Record<string, unknown>): Partial<Record<string, string>> {
  const values: Partial<Record<string, string>> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string" && key !== "password" && key !== "csrfToken" && key.length < 50) values[key] = value.slice(0, MAX_FIELD);
  }
  return values;
}

/** The form's idempotency key is another applicant's: only a tampered or leaked form gets here. */
const formAlreadyUsed = () =>
  new AppError("CONFLICT", "This form has already been used. Reload the join page to get a fresh form, then submit it again.");

export const joinRoutes = new Hono<HonoEnv>()
  .get("/join", async (c) => {
    const data = await loadJoin(c);
    const chosen = c.req.query("membership");
    return renderJoin(c, data, {
      values: chosen && data.terms.has(chosen) ? { membership: chosen } : {},
      errors: {},
      idempotencyKey: crypto.randomUUID(),
    });
  })
  .post("/join", async (c) => {
    const body = (await c.req.parseBody()) as Record<string, unknown>;
    const data = await loadJoin(c);
    const values = typedValues(body);
    const idempotencyKey = typeof body.idempotencyKey === "string" && /^[0-9a-f-]{36}$/i.test(body.idempotencyKey) ? body.idempotencyKey : crypto.randomUUID();
    const again = (errors: JoinErrors) => renderJoin(c, data, { values, errors, idempotencyKey });

    const details = JoinDetails.safeParse(body);
    const account = c.var.session ? null : JoinAccount.safeParse(body);
    const errors: JoinErrors = {
      ...(details.success ? {} : joinErrors(details.error)),
      ...(account && !account.success ? joinErrors(account.error) : {}),
    };
    let terms: MembershipTerms | undefined;
    if (details.success) {
      terms = data.terms.get(details.data.membership);
      if (!terms) errors.membership = "Choose one of the memberships listed";
      if (details.data.paymentMethod === "card" && !c.var.config.stripe) {
        errors.paymentMethod = "Card payment is not available at the moment. Choose bank transfer or cheque.";
      }
      if (!data.joinPage.specialisationOptions.includes(details.data.specialisation)) {
        errors.specialisation = "Choose your specialisation from the list";
      }
    }
    if (Object.keys(errors).length > 0 || !details.success || !terms) return again(errors);

    const applications = createApplicationStore(c.var.config.bindings.db);
    const deps = {
      applications,
      memberships: createMembershipStore(c.var.config.bindings.db),
      graceDays: c.var.config.membership.graceDays,
      now: () => new Date(),
    };

    // A repeated submission (double click, back and resubmit, retry) finds what it made before,
    // before any account is created; a visitor's is recognised by the address typed.
    const applicant = c.var.session ? { userId: c.var.session.userId } : account?.success ? { email: account.data.email } : null;
    if (!applicant) return again({ email: "Enter your e-mail address" });
    const previous = await previousSubmission(deps, details.data.idempotencyKey, applicant);
    if (previous.kind === "key-used") throw formAlreadyUsed();
    if (previous.kind === "mine") return c.redirect("/user/membership", 303);

    let user = c.var.session ? { id: c.var.session.userId, email: c.var.session.email ?? "" } : null;
    if (!user && account?.success) {
      await limitAuthAttempts(c, "join", account.data.email);
      try {
        const started = await c.var.auth.createAccount(account.data.email, account.data.password);
        cookies.setSession(c, started.token, started.session.expiresAt);
        cookies.setLoggedInPreviously(c);
        cookies.clearSignedOutAt(c);
        user = { id: started.session.userId, email: account.data.email };
      } catch (error) {
        if (error instanceof IdentityError && error.code === "auth/email-already-in-use") {
          return again({ email: "An account already uses this e-mail address. Sign in first, then complete this form." });
        }
        if (error instanceof IdentityError && error.code === "auth/weak-password") {
          return again({ password: "Choose a stronger password" });
        }
        if (error instanceof IdentityError && error.code === "auth/invalid-email") {
          return again({ email: "Enter an e-mail address, like name@example.com" });
        }
        log.error("join.account_failed", { error });
        throw new AppError("AUTH_UNAVAILABLE", "We could not create your account just now. Please try again.", { cause: error });
      }
    }
    if (!user) return again({ email: "Enter your e-mail address" });

    const result = await apply(deps, { user, details: details.data, terms });
    if (result.kind === "key-used") throw formAlreadyUsed();
    if (result.kind === "already-member") {
      return again({ membership: "You are already a member. Your membership page shows its details." });
    }
    log.info("join.application", { kind: result.kind, applicationId: result.application.id, membership: terms.slug });
    if (result.application.paymentMethod === "card" && result.application.status === "awaiting_payment") {
      return c.redirect(await cardCheckoutOrFallback(c, result.application, terms), 303);
    }
    return c.redirect(`/user/membership${result.kind === "created" ? "?joined=1" : ""}`, 303);
  });
