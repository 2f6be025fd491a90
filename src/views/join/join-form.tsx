/**
 * The join application form (issue 5). Plain HTML that posts to /join and works without
 * JavaScript; after an error it comes back with every value kept (except the password) and each
 * problem next to its field and listed at the top.
 */
import type { ReactNode } from "react";
import type { JoinPage } from "../../domain/content";
import type { MembershipTerms } from "../../domain/membership";
import { pageHref } from "../../shared/links";
import type { JoinErrors } from "../../shared/join-form";
import type { DirectDebitScheme } from "../../domain/membership";
import { DIRECT_DEBIT_NAMES } from "../membership/direct-debit-words";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE } from "../../shared/password-policy";
import { CheckboxField, RadioGroup, SelectField } from "../forms/choice-fields";
import { ErrorSummary } from "../forms/error-summary";
import { TextField } from "../forms/text-field";
import { formatPence } from "../format";
import { BILLING_LABELS, BillingFields } from "../billing/billing-fields";
import { EVIDENCE_LABELS, EvidenceFields, evidenceByMembership } from "./evidence-fields";
import { DocumentFields, requestedDocuments } from "./document-fields";
import { AddressFields, MEMBER_DETAIL_LABELS, NameAndPhoneFields } from "./member-detail-fields";
import type { MessageTopic } from "../../domain/member-messages";
import { TopicChoices, topicField } from "../messages/topic-choices";

export interface JoinFormProps {
  joinPage: JoinPage;
  terms: readonly MembershipTerms[];
  csrfToken: string;
  idempotencyKey: string;
  /** What the applicant typed (after an error), or the preselected membership. */
  values: Partial<Record<string, string>>;
  errors: JoinErrors;
  /** The signed-in user's e-mail: the account section is skipped. */
  signedInAs: string | null;
  /** Whether card payment (Stripe) is configured; offline payment is always offered. */
  cardPayments: boolean;
  /** The Direct Debit scheme offered beside card (STRIPE_DIRECT_DEBIT); null or absent: none. */
  directDebit?: DirectDebitScheme | null;
  /** The registration-number example for memberships that give none (the join page's, else a default). */
  registrationExample: string;
  /** The society's mailing topics, offered unticked (a ticked one stays ticked after a problem). */
  topics?: readonly MessageTopic[];
}

const LABELS: Record<string, string> = {
  ...MEMBER_DETAIL_LABELS,
  membership: "Membership",
  paymentMethod: "How you will pay",
  discountCode: "Discount code",
  ...BILLING_LABELS,
  ...EVIDENCE_LABELS,
  specialisation: "Specialisation",
  email: "E-mail address",
  password: "Password",
  acceptTerms: "Terms and conditions",
  acceptPrivacy: "Privacy policy",
  idempotencyKey: "Form",
  form: "Form",
};

/** The order of the fields on the page, for the error summary. */
const ORDER = Object.keys(LABELS);

function Section({ title, description, children }: { title: string; description: string | null; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__legend">
        <h3>{title}</h3>
      </legend>
      {description ? <p className="form-section__description">{description}</p> : null}
      {children}
    </fieldset>
  );
}

export function JoinForm({ joinPage, terms, csrfToken, idempotencyKey, values, errors, signedInAs, cardPayments, directDebit = null, registrationExample, topics = [] }: JoinFormProps) {
  const v = (field: string) => values[field] ?? "";
  const e = (field: string) => errors[field] ?? null;
  // The documents' fields come after the professional details, as on the page.
  const documentFields = requestedDocuments(terms).map((d) => d.field);
  const order = [...ORDER.slice(0, ORDER.indexOf("email")), ...documentFields, ...ORDER.slice(ORDER.indexOf("email"))];
  const problems = order.filter((field) => errors[field]).map((field) => ({ field, message: errors[field]! }));
  const chosen = terms.find((t) => t.slug === values.membership) ?? null;
  return (
    // Multipart: a membership that needs approval asks for documents (the files travel with the form).
    <form method="post" action="/join" encType="multipart/form-data" className="form join-form" data-join-evidence={evidenceByMembership(terms)} noValidate>
      <ErrorSummary problems={problems} />
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />

      <Section title="Your details" description={joinPage.yourDetailsDescription}>
        <NameAndPhoneFields values={values} errors={errors} />
      </Section>

      <Section title="Address" description={joinPage.addressDescription}>
        <AddressFields values={values} errors={errors} />
      </Section>

      <Section title="Membership" description={joinPage.membershipDescription}>
        <RadioGroup
          id="membership"
          legend={LABELS.membership!}
          value={v("membership")}
          error={e("membership")}
          options={terms.map((t) => ({
            value: t.slug,
            label: t.title,
            hint: (
              <>
                {formatPence(t.subscriptionPence)} a year
                {t.joiningFeePence > 0 ? `, plus a ${formatPence(t.joiningFeePence)} joining fee` : ""}
                {t.halfOffForNewlyQualified ? ". Half price for your first year if you qualified in the last two years." : ""}
                {t.vetting.needsApproval ? ". Our staff check each application before it starts: you pay only once it is approved." : ""}
              </>
            ),
          }))}
        />
        <RadioGroup
          id="paymentMethod"
          legend={LABELS.paymentMethod!}
          value={v("paymentMethod") || (cardPayments ? "card" : "offline")}
          error={e("paymentMethod")}
          options={[
            ...(cardPayments
              ? [
                  {
                    value: "card",
                    label: "Card",
                    hint: "You pay securely on Stripe's payment page next; your membership starts at once and renews each year until you cancel.",
                  },
                ]
              : []),
            ...(cardPayments && directDebit
              ? [
                  {
                    value: "direct_debit",
                    label: DIRECT_DEBIT_NAMES[directDebit],
                    hint: "You set up the Direct Debit on Stripe's payment page next. Your bank takes a few working days to pay: your membership starts when it has, and renews each year until you cancel.",
                  },
                ]
              : []),
            {
              value: "offline",
              label: "Bank transfer or cheque",
              hint: "We will show you the amount and a payment reference. Your membership starts when your payment arrives.",
            },
          ]}
        />
        <TextField
          id="discountCode"
          label={LABELS.discountCode!}
          labelSuffix="(optional)"
          value={v("discountCode")}
          hint="If you have a code for your membership, enter it: it comes off the first year's subscription (not the joining fee). Codes can be used when paying by bank transfer or cheque."
          error={e("discountCode")}
          autoComplete="off"
          maxLength={40}
        />
      </Section>

      <BillingFields
        values={values}
        errors={errors}
        intro="If your employer or another organisation pays for your membership, give its details: your receipt and any pro-forma invoice are then made out to it, with you as the member."
      />

      <Section title="Professional details" description={joinPage.professionalDetailsDescription}>
        <EvidenceFields terms={terms} chosen={chosen} registrationExample={registrationExample} values={values} errors={errors} />
        <SelectField id="specialisation" label={LABELS.specialisation!} options={joinPage.specialisationOptions} value={v("specialisation")} error={e("specialisation")} required />
      </Section>

      <DocumentFields terms={terms} errors={errors} resubmitted={problems.length > 0} />

      <Section title="Your account" description={joinPage.yourAccountDescription}>
        {signedInAs ? (
          <p>
            You are signed in as <strong>{signedInAs}</strong>; your membership will belong to this account.
          </p>
        ) : (
          <>
            <TextField id="email" label={LABELS.email!} type="email" value={v("email")} error={e("email")} autoComplete="email" required maxLength={254} />
            <TextField
              id="password"
              label={LABELS.password!}
              type="password"
              hint={PASSWORD_RULE}
              error={e("password")}
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={PASSWORD_MAX_LENGTH}
            />
            <p className="meta">
              Already have an account? <a href="/login?callbackUrl=%2Fjoin">Sign in first</a>.
            </p>
          </>
        )}
      </Section>

      <Section title="Declaration" description={joinPage.declarationDescription}>
        <CheckboxField
          id="acceptTerms"
          checked={v("acceptTerms") === "on"}
          error={e("acceptTerms")}
          label={
            <>
              I accept the{" "}
              {joinPage.termsPage ? <a href={pageHref(joinPage.termsPage)}>terms and conditions</a> : "terms and conditions"}
            </>
          }
        />
        <CheckboxField
          id="acceptPrivacy"
          checked={v("acceptPrivacy") === "on"}
          error={e("acceptPrivacy")}
          label={
            <>
              I have read the {joinPage.privacyPolicyPage ? <a href={pageHref(joinPage.privacyPolicyPage)}>privacy policy</a> : "privacy policy"}
            </>
          }
        />
        <TopicChoices topics={topics} ticked={new Set(topics.filter((t) => v(topicField(t.slug)) === "on").map((t) => t.slug))} />
      </Section>

      <div className="form__actions">
        <button type="submit" className="button">
          Submit application
        </button>
      </div>
    </form>
  );
}
