/**
 * /join: the application form (GET) and its submission (POST). Validation uses the one shared
 * schema; every problem goes back next to its field with what was typed kept (not the
 * password). The optional billing details (an organisation to invoice) have their own schema and
 * fieldset, apart from the member's own details. A valid submission goes to the membership service, which creates the Firebase
 * account (or uses the signed-in one), stores the application and the membership record, and
 * continues to payment (offline: /user/membership shows the amount and reference). Idempotency
 * keys make double submits and retries safe.
 */
import { Hono, type Context } from "hono";
import { chosenTopics } from "../http/topic-choices";
import type { JoinPage, LayoutData, Membership } from "../domain/content";
import type { MembershipTerms } from "../domain/membership";
import { AppError } from "../errors";
import { cookies } from "../middleware/session/cookies";
import { BillingDetailsForm } from "../shared/billing-details";
import { DEFAULT_EVIDENCE, DIRECT_DEBIT_UNAVAILABLE, JoinAccount, joinDetails, joinErrors, joinRequirements, type JoinErrors } from "../shared/join-form";
import type { HonoEnv } from "../types";
import { JoinForm } from "../views/join/join-form";
import { JoinContent } from "../views/pages/join-content";
import { typedValues } from "../shared/typed-values";
import { checkRequiredDocuments } from "../services/vetting/document-file";


interface JoinData {
  layout: LayoutData;
  joinPage: JoinPage;
  memberships: Membership[];
  terms: Map<string, MembershipTerms>;
}

async function loadJoin(c: Context<HonoEnv>): Promise<JoinData> {
  const { content } = c.var.services;
  const [layout, joinPage, memberships, terms] = await Promise.all([content.layout(), content.joinPage(), content.memberships(), c.var.services.membership.terms()]);
  if (!joinPage) throw new AppError("NOT_FOUND", "The join page has not been published");
  return { layout, joinPage, memberships, terms };
}

async function renderJoin(c: Context<HonoEnv>, data: JoinData, state: { values: Partial<Record<string, string>>; errors: JoinErrors; idempotencyKey: string }) {
  const hasErrors = Object.keys(state.errors).length > 0;
  const form = (
    <JoinForm
      joinPage={data.joinPage}
      terms={[...data.terms.values()]}
      csrfToken={await c.var.csrfToken()}
      idempotencyKey={state.idempotencyKey}
      values={state.values}
      errors={state.errors}
      signedInAs={c.var.session?.email ?? null}
      cardPayments={c.var.config.stripe !== null}
      directDebit={c.var.config.stripe?.directDebit ?? null}
      registrationExample={joinRequirements(DEFAULT_EVIDENCE, data.joinPage).registrationNumber.example}
      topics={await c.var.services.consents.topics()}
    />
  );
  return c.render(<JoinContent joinPage={data.joinPage} memberships={data.memberships} form={form} />, {
    layout: data.layout,
    head: { pageSeo: data.joinPage.seo, pageTitle: hasErrors ? "There is a problem — Join the Guild" : "Join the Guild" },
    section: "professionals",
    isPrivate: true,
    islands: ["join"],
    status: hasErrors ? 400 : 200,
  });
}

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

    const session = c.var.session;
    // What the applicant must show depends on the membership chosen; none (or an unknown one) asks for everything.
    const chosen = typeof body.membership === "string" ? data.terms.get(body.membership.trim()) : undefined;
    const details = joinDetails(joinRequirements(chosen?.evidence ?? DEFAULT_EVIDENCE, data.joinPage)).safeParse(body);
    const account = session ? null : JoinAccount.safeParse(body);
    const billing = BillingDetailsForm.safeParse(body);
    const errors: JoinErrors = {
      ...(details.success ? {} : joinErrors(details.error)),
      ...(billing.success ? {} : joinErrors(billing.error)),
      ...(account && !account.success ? joinErrors(account.error) : {}),
    };
    const terms = details.success ? data.terms.get(details.data.membership) : undefined;
    // The chosen type's documents, checked by what the files contain (never their names or declared types).
    const uploads = await checkRequiredDocuments(chosen?.vetting.documents ?? [], body);
    Object.assign(errors, uploads.errors);
    if (details.success) {
      if (!terms) errors.membership = "Choose one of the memberships listed";
      if (details.data.paymentMethod === "card" && !c.var.config.stripe) {
        errors.paymentMethod = "Card payment is not available at the moment. Choose bank transfer or cheque.";
      }
      if (details.data.paymentMethod === "direct_debit" && !c.var.config.stripe?.directDebit) errors.paymentMethod = DIRECT_DEBIT_UNAVAILABLE;
      if (!data.joinPage.specialisationOptions.includes(details.data.specialisation)) errors.specialisation = "Choose your specialisation from the list";
    }
    if (Object.keys(errors).length > 0 || !details.success || !billing.success || !terms) return again(errors);
    const joiner = session
      ? { session }
      : account?.success
        ? { account: account.data }
        : null;
    if (!joiner) return again({ email: "Enter your e-mail address" });

    // The opt-ins ticked are recorded as given on the join form, with the application (an unticked one records nothing).
    const optIns = chosenTopics(body, await c.var.services.consents.topics());
    const outcome = await c.var.services.membership.join(joiner, details.data, billing.data, terms, uploads.documents, optIns);
    if (outcome.kind === "problems") return again(outcome.errors);
    if (outcome.started) {
      cookies.setSession(c, outcome.started.token, outcome.started.session.expiresAt);
      cookies.setLoggedInPreviously(c);
      cookies.clearSignedOutAt(c);
    }
    return c.redirect(outcome.to, 303);
  });
