/**
 * /user/membership's renewal part. An offline member whose renewal is due (from 30 days before
 * the end of the period, and through the grace period) gets "Renew": it makes a renewal for the
 * next year with its own reference, which staff record like an application; once asked, the
 * amount and reference show until it is paid. Where card payment is configured, the renewal can
 * be paid by card instead (one Stripe Checkout payment; leaving it keeps the renewal for a bank
 * transfer). A card member is told their card renews itself. A membership set to end at its
 * period end (after a refund) is offered nothing: the member is told when it ends and that it will
 * not be renewed.
 */
import type { DirectDebitScheme } from "../../domain/membership";
import { DirectDebitNotice } from "./direct-debit-notice";
import { DIRECT_DEBIT_NAMES } from "./direct-debit-words";
import type { Application, MembershipRecord } from "../../domain/membership";
import type { MemberState } from "../../domain/membership-lifecycle";
import { DateTime } from "../components/date-time";
import { SummaryRow } from "../components/summary-row";
import { formatPence } from "../format";
import { ActionButton } from "../forms/action-button";
import { ErrorSummary } from "../forms/error-summary";
import { BILLING_LABELS, BillingFields, billingValues } from "../billing/billing-fields";
import type { BillingDetails } from "../../shared/billing-details";
import { renewsAutomatically } from "../../shared/renewal-way";

/** `?renewal=`: asked to renew; left card payment without paying; card payment unavailable just now. */
export const RENEWAL_NOTICES = ["requested", "card-cancelled", "card-unavailable"] as const;
export type RenewalNotice = (typeof RENEWAL_NOTICES)[number] | null;

const NOTICE_TEXT: Record<NonNullable<RenewalNotice>, { text: string; tone: "success" | "info" }> = {
  requested: { text: "Thank you. Your renewal is ready to pay: quote the reference below with your payment.", tone: "success" },
  "card-cancelled": { text: "You left the card payment page, so nothing was charged. Your renewal is saved: pay by card again, or by bank transfer.", tone: "info" },
  "card-unavailable": { text: "We could not open the card payment page just now. Your renewal is saved: try again in a few minutes, or pay by bank transfer.", tone: "info" },
};

export interface RenewalSectionProps {
  record: MembershipRecord;
  state: MemberState | null;
  openApplications: readonly Application[];
  renewal: { title: string; amountPence: number; billing: BillingDetails | null } | null;
  notice: RenewalNotice;
  /** The renewal's billing details as typed, with each problem, after a refused request (nothing was made). */
  billingForm?: { values: Partial<Record<string, string>>; errors: Partial<Record<string, string>> } | null;
  /** Whether card payment (Stripe) is configured. */
  cardPayments: boolean;
  /** The Direct Debit scheme offered beside card (only with card payment); null or absent: none. */
  directDebit?: DirectDebitScheme | null;
  offlineInstructions: string;
  csrfToken: string;
}

const due = (state: MemberState | null) => state?.kind === "renewal_due" || state?.kind === "in_grace";

export function RenewalSection({ record, state, openApplications, renewal, notice, cardPayments, directDebit = null, offlineInstructions, csrfToken, billingForm = null }: RenewalSectionProps) {
  if (state?.kind === "active" && state.ending && state.until) {
    return (
      <section aria-labelledby="renewal" className="screen-section" data-renewal="ending">
        <h2 id="renewal">Your membership ends</h2>
        <p>
          Your membership ends on <DateTime value={state.until} style="long" /> and will not be renewed, so we will not send you renewal reminders. To
          stay a member after that, please contact the office.
        </p>
      </section>
    );
  }
  const awaiting = openApplications.find((a) => a.kind === "renewal") ?? null;
  if (awaiting) {
    return (
      <section aria-labelledby="renewal" className="screen-section" data-renewal="awaiting-payment">
        <h2 id="renewal">Your renewal</h2>
        {notice ? (
          <div className={`notice notice--${NOTICE_TEXT[notice].tone}`} role="status" data-renewal-notice={notice}>
            <p>{NOTICE_TEXT[notice].text}</p>
          </div>
        ) : null}
        <dl className="summary-list">
          <SummaryRow label="Membership">{awaiting.membershipTitle}</SummaryRow>
          <SummaryRow label="Amount due"><strong>{formatPence(awaiting.amountDuePence)}</strong></SummaryRow>
          <SummaryRow label="Your payment reference"><strong>{awaiting.reference}</strong></SummaryRow>
          {awaiting.billing?.organisation ? <SummaryRow label="Invoiced to">{awaiting.billing.organisation}</SummaryRow> : null}
        </dl>
        <DirectDebitNotice application={awaiting} what="renewal" />
        {cardPayments && awaiting.directDebitState !== "pending" ? (
          <>
            <p>
              Pay by card on Stripe's secure payment page, once for this year{directDebit ? ", or by Direct Debit (your bank pays in a few working days)" : ""}; or by
              bank transfer or cheque, quoting your reference.
            </p>
            <div className="button-row">
              <ActionButton action="/user/membership/renew/pay-by-card" csrfToken={csrfToken} label="Pay by card" />
              {directDebit ? (
                <ActionButton action="/user/membership/renew/pay-by-direct-debit" csrfToken={csrfToken} label={`Pay by ${DIRECT_DEBIT_NAMES[directDebit]}`} secondary />
              ) : null}
            </div>
          </>
        ) : null}
        <p>{offlineInstructions}</p>
        {record.periodEnd ? (
          <p>
            Paid by the end of your grace period, your new year runs on from <DateTime value={record.periodEnd} style="long" />, so you lose no days by
            paying early or gain any by paying late. We will e-mail you a receipt.
          </p>
        ) : null}
      </section>
    );
  }
  if (renewal && record.periodEnd) {
    const errors = billingForm?.errors ?? {};
    const problems = Object.entries(errors).flatMap(([field, message]) => (message ? [{ field, message: `${BILLING_LABELS[field as keyof typeof BILLING_LABELS] ?? field}: ${message}` }] : []));
    return (
      <section aria-labelledby="renewal" className="screen-section" data-renewal="offer">
        <h2 id="renewal">Renew your membership</h2>
        <p>
          Another year of {renewal.title} costs <strong>{formatPence(renewal.amountPence)}</strong>, with no joining fee. It runs on from{" "}
          <DateTime value={record.periodEnd} style="long" />.{" "}
          {cardPayments
            ? "Pay once by card now, or by bank transfer or cheque quoting the reference you get when you renew. Either way your membership stays paid year by year: nothing is taken automatically."
            : "You pay by bank transfer or cheque, quoting the reference you get when you renew."}
        </p>
        <form method="post" action="/user/membership/renew" className="form" data-renewal-form="">
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <ErrorSummary problems={problems} />
          <BillingFields
            values={billingForm?.values ?? billingValues(renewal.billing)}
            errors={errors}
            intro="If your employer or another organisation pays for your renewal, give its details: the receipt and any pro-forma invoice are then made out to it, with you as the member. The details given last time are filled in: change or clear them if someone else pays this year."
          />
          <div className="button-row">
            {cardPayments ? (
              <>
                <button type="submit" className="button" formAction="/user/membership/renew/pay-by-card">
                  Renew and pay by card
                </button>
                {directDebit ? (
                  <button type="submit" className="button button--secondary" formAction="/user/membership/renew/pay-by-direct-debit">
                    Renew and pay by {DIRECT_DEBIT_NAMES[directDebit]}
                  </button>
                ) : null}
                <button type="submit" className="button button--secondary">
                  Renew and pay by bank transfer
                </button>
              </>
            ) : (
              <button type="submit" className="button">
                Renew
              </button>
            )}
          </div>
        </form>
      </section>
    );
  }
  if (renewsAutomatically(record) && due(state) && record.periodEnd) {
    return (
      <section aria-labelledby="renewal" className="screen-section" data-renewal="card">
        <h2 id="renewal">Renewal</h2>
        <p>
          Your membership renews by itself: Stripe takes the yearly payment from your card on <DateTime value={record.periodEnd} style="long" />. To
          change your card or stop the renewal, use “Manage billing and payment card”.
        </p>
      </section>
    );
  }
  return null;
}
