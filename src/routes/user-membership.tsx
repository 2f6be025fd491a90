/**
 * /user/membership: the member's record, how to pay (card or offline), receipts and, for
 * card-paid members, the billing portal. And the application's payment actions:
 *   POST /user/membership/pay-by-card     (re)opens Stripe Checkout for the application
 *   POST /user/membership/pay-offline     switches the application to bank transfer or cheque
 *   POST /user/membership/billing-portal  Stripe's customer portal for a card-paid member
 *   GET  /user/membership/proof           a printable proof of membership (active members only)
 *   POST /user/membership/renew           an offline member's renewal for the next year (once per period), by bank transfer
 *   POST /user/membership/renew/pay-by-card  that renewal (made now if need be) paid by card: Stripe Checkout, one payment
 *     Both take the optional billing details (billingOrganisation, billingAddress, purchaseOrder,
 *     vatId) the renewal is made out to; a problem with them shows the page again (400), as typed.
 *   GET/POST /user/membership/change      change membership type (fields: membershipSlug, idempotencyKey)
 *   POST /user/membership/more-information  the applicant's answer to staff's question: one document (field `document`)
 *   GET  /user/membership/documents/:id   a document the applicant sent (theirs only)
 * Each needs a session and acts only on the signed-in user's own application.
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import type { SignedInEnv } from "../types";
import { AppError } from "../errors";
import { BillingDetailsForm, type BillingDetails } from "../shared/billing-details";
import { joinErrors as fieldErrors } from "../shared/join-form";
import { londonDate } from "../shared/london-date";
import { typedValues } from "../shared/typed-values";
import { RENEWAL_NOTICES, type RenewalNotice } from "../views/membership/renewal-section";
import { ChangeMembershipContent } from "../views/membership/change-membership-content";
import { MembershipStatusContent } from "../views/membership/membership-status-content";
import { ProofOfMembershipContent } from "../views/membership/proof-of-membership-content";
import { ApplicantReviewSection } from "../views/membership/applicant-review-section";
import { applicantDocumentHeaders } from "../http/download-headers";
import { checkDocument, sentFile } from "../services/vetting/document-file";

const ChangeForm = z.object({
  membershipSlug: z.string({ error: "Choose one of the memberships listed" }).trim().min(1, { error: "Choose one of the memberships listed" }).max(200, { error: "Choose one of the memberships listed" }),
  idempotencyKey: z.uuid({ error: "This form has expired. Open the page again and choose once more." }),
});

/** `?renewal=` as the renewal part of the page knows it; anything else says nothing. */
const renewalNotice = (value: string | undefined): RenewalNotice => (RENEWAL_NOTICES as readonly string[]).includes(value ?? "") ? (value as RenewalNotice) : null;

/** The change page, with a problem from the last attempt (nothing was changed) and its status. */
async function changePage(c: Context<SignedInEnv>, problem: string | null = null, status: 200 | 400 | 409 = 200) {
  const [layout, options] = await Promise.all([c.var.services.content.layout(), c.var.services.membershipChanges.options(c.var.session.userId)]);
  return c.render(
    <ChangeMembershipContent
      options={options}
      csrfToken={await c.var.csrfToken()}
      idempotencyKey={crypto.randomUUID()}
      problem={problem}
      card={options.record?.paymentMethod === "card"}
    />,
    {
      layout,
      head: { pageTitle: problem ? "There is a problem — Change membership type" : "Change membership type", noindex: true },
      section: "userSettings",
      isPrivate: true,
      status,
    },
  );
}

type RenewalBilling = { values: Partial<Record<string, string>>; errors: Partial<Record<string, string>> };

/** /user/membership; after a refused renewal, with its billing details as typed and each problem (400). */
async function membershipPage(c: Context<SignedInEnv>, renewalBilling: RenewalBilling | null = null, documentProblem: string | null = null) {
  const { config } = c.var;
  const { membership } = c.var.services;
  const userId = c.var.session.userId;
  const notice = await membership.checkoutReturn(userId, { checkout: c.req.query("checkout"), sessionId: c.req.query("session_id"), payment: c.req.query("payment") });
  const [layout, overview, joinPage, number, review] = await Promise.all([
    c.var.services.content.layout(),
    membership.overview(userId),
    // The join page's success message, right after an application or its card payment.
    c.req.query("joined") === "1" || notice === "confirmed" ? c.var.services.content.joinPage() : Promise.resolve(null),
    c.var.services.memberCard(userId),
    c.var.services.vetting.mine(userId),
  ]);
  const reviewed = review.application?.vetting ? review.application : null;
  return c.render(
    <MembershipStatusContent
      record={overview.record}
      status={overview.status}
      application={overview.application}
      payments={overview.payments}
      refundDue={overview.refundDue}
      successMessage={joinPage?.successMessage ?? null}
      offlineInstructions={config.membership.offlinePaymentInstructions}
      notice={notice}
      cardPayments={config.stripe !== null}
      directDebit={config.stripe?.directDebit ?? null}
      csrfToken={await c.var.csrfToken()}
      memberNumber={number.memberNumber}
      proofAvailable={number.card !== null}
      state={overview.state}
      openApplications={overview.openApplications}
      renewal={overview.renewal}
      renewalNotice={renewalNotice(c.req.query("renewal"))}
      changed={c.req.query("changed") ?? null}
      changes={overview.changes}
      renewalBilling={renewalBilling}
      review={reviewed ? <ApplicantReviewSection application={reviewed} documents={review.documents} csrfToken={await c.var.csrfToken()} problem={documentProblem} /> : null}
    />,
    {
      layout,
      head: { pageTitle: renewalBilling || documentProblem ? "There is a problem — Your membership" : "Your membership", noindex: true },
      section: "userSettings",
      isPrivate: true,
      islands: ["membership"],
      ...(renewalBilling || documentProblem ? { status: 400 as const } : {}),
    },
  );
}

/** A renewal's billing details from its form, or the page again (400) with each problem beside its field. */
async function renewalBilling(c: Context<SignedInEnv>, renew: (billing: BillingDetails | null) => Promise<string>): Promise<Response> {
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const billing = BillingDetailsForm.safeParse(body);
  if (!billing.success) return membershipPage(c, { values: typedValues(body), errors: fieldErrors(billing.error) });
  return c.redirect(await renew(billing.data), 303);
}

export const userMembershipRoutes = new Hono<SignedInEnv>()
  .get("/user/membership", (c) => membershipPage(c))
  .get("/user/membership/proof", async (c) => {
    const [layout, { card }] = await Promise.all([c.var.services.content.layout(), c.var.services.memberCard(c.var.session.userId)]);
    if (!card) throw new AppError("NOT_FOUND", "A proof of membership is available while your membership is active. Your membership page shows its state.");
    return c.render(<ProofOfMembershipContent card={card} societyName={layout.footer.contactFields.organizationName ?? c.var.config.site.name} issuedOn={londonDate(new Date())} />, {
      layout,
      head: { pageTitle: "Proof of membership", noindex: true },
      section: null,
      isPrivate: true,
    });
  })
  .post("/user/membership/pay-by-card", async (c) => c.redirect(await c.var.services.membership.payByCard(c.var.session.userId), 303))
  .post("/user/membership/pay-by-direct-debit", async (c) => c.redirect(await c.var.services.membership.payByDirectDebit(c.var.session.userId), 303))
  .post("/user/membership/pay-offline", async (c) => {
    await c.var.services.membership.payOffline(c.var.session.userId);
    return c.redirect("/user/membership", 303);
  })
  .get("/user/membership/change", (c) => changePage(c))
  .post("/user/membership/change", async (c) => {
    const form = ChangeForm.safeParse(await c.req.parseBody());
    if (!form.success) return changePage(c, form.error.issues[0]?.message ?? "The form could not be read", 400);
    const outcome = await c.var.services.membershipChanges.change(c.var.session.userId, form.data);
    return outcome.kind === "done" ? c.redirect(outcome.to, 303) : changePage(c, outcome.message, 409);
  })
  .post("/user/membership/renew", (c) => renewalBilling(c, (billing) => c.var.services.membershipChanges.renew(c.var.session.userId, billing)))
  .post("/user/membership/renew/pay-by-card", (c) => renewalBilling(c, (billing) => c.var.services.membershipChanges.payRenewalByCard(c.var.session.userId, billing)))
  .post("/user/membership/renew/pay-by-direct-debit", (c) =>
    renewalBilling(c, (billing) => c.var.services.membershipChanges.payRenewalByDirectDebit(c.var.session.userId, billing)),
  )
  .post("/user/membership/more-information", async (c) => {
    const checked = await checkDocument("Further information", sentFile((await c.req.parseBody()).document));
    if (!checked.ok) return membershipPage(c, null, checked.message);
    await c.var.services.vetting.answer(c.var.session.userId, checked.document);
    return c.redirect("/user/membership", 303);
  })
  .get("/user/membership/documents/:documentId", async (c) => {
    const file = await c.var.services.vetting.ownDocument(c.var.session.userId, c.req.param("documentId"));
    return c.body(file.body, 200, applicantDocumentHeaders(file.document, file.size));
  })
  .post("/user/membership/billing-portal", async (c) => c.redirect(await c.var.services.membership.billingPortalUrl(c.var.session.userId), 303));
