/**
 * /user/membership/change: the memberships a member can change to, each saying what choosing it
 * does today (pricing: services/membership/change-pricing.ts). A plain form of radio buttons
 * (works without JavaScript); a problem comes back above it, announced.
 */
import type { ChangeBlock, ChangeOption, ChangeOptions } from "../../domain/membership-lifecycle";
import { DateTime } from "../components/date-time";
import { formatPence } from "../format";
import { RadioGroup } from "../forms/choice-fields";
import { ErrorSummary } from "../forms/error-summary";

export interface ChangeMembershipContentProps {
  options: ChangeOptions;
  csrfToken: string;
  idempotencyKey: string;
  /** Why the last attempt changed nothing. */
  problem: string | null;
  /** Card members pay through Stripe, which prorates by the second. */
  card: boolean;
}

const BLOCK_TEXT: Record<ChangeBlock, string> = {
  "not-member": "You need a membership before you can change it.",
  "awaiting-payment": "Your membership starts once your payment arrives; you can change it after that.",
  ended: "Your membership has ended. To come back as another type of member, rejoin.",
  ending: "Your membership ends at the end of this period and will not be renewed, so its type cannot be changed. To stay a member, please contact the office.",
  "open-ended": "Your membership has no end date, so it cannot be changed online. Please contact the office.",
  unpriced: "Your membership type is no longer offered online. Please contact the office to change it.",
  "change-awaiting-payment": "The amount for your last change is still due (see your membership page). Once it is paid, you can change again.",
  "card-unavailable": "Card payments are not available just now, so your card membership cannot be changed. Please try again later.",
};

function effectText(option: ChangeOption, card: boolean, periodEnd: string | null) {
  const quote = option.quote;
  if (!quote) return <>Your current membership.</>;
  if (quote.direction === "downgrade") {
    return (
      <>
        Cheaper: takes effect at your next renewal{periodEnd ? <> (<DateTime value={periodEnd} />)</> : null}, which will then cost {formatPence(quote.renewalPence)}.
        Nothing to pay now, and nothing is refunded for this year.
      </>
    );
  }
  if (quote.direction === "sideways") return <>Same price: takes effect now, with nothing to pay.</>;
  if (quote.proRataPence === 0) return <>Takes effect now. Nothing to pay for this period; your renewal will cost {formatPence(quote.renewalPence)}.</>;
  return (
    <>
      Takes effect now. You pay the difference for the rest of this period: <strong>{formatPence(quote.proRataPence)}</strong> ({quote.remainingDays} of{" "}
      {quote.periodDays} days){card ? ", charged to your card by Stripe (its figure, worked out to the second, may differ by a few pence)" : ", by bank transfer or cheque"}.
    </>
  );
}

export function ChangeMembershipContent({ options, csrfToken, idempotencyKey, problem, card }: ChangeMembershipContentProps) {
  const { record, block, scheduled } = options;
  return (
    <div className="account-screen">
      <h1>Change membership type</h1>
      <ErrorSummary problems={problem ? [{ field: "membershipSlug", message: problem }] : []} />
      {record ? (
        <p>
          You are a <strong>{record.membershipTitle}</strong>.
          {scheduled ? (
            <>
              {" "}
              From your renewal on <DateTime value={scheduled.from} /> you will be a <strong>{scheduled.title}</strong>; choose {record.membershipTitle} below to stay as you are.
            </>
          ) : null}
        </p>
      ) : null}
      {block ? (
        <p data-change-block={block}>{BLOCK_TEXT[block]}</p>
      ) : (
        <form method="post" action="/user/membership/change" className="stack">
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <RadioGroup
            id="membershipSlug"
            legend="Choose your membership"
            value={record?.membershipSlug ?? null}
            error={problem ?? undefined}
            options={options.options.map((option) => ({
              value: option.slug,
              label: `${option.title}, ${formatPence(option.pence)} a year${option.slug === record?.membershipSlug ? " (your membership)" : ""}`,
              hint: effectText(option, card, record?.periodEnd ?? null),
            }))}
          />
          <div className="button-row">
            <button type="submit" className="button">
              Change membership
            </button>
            <a className="button button--secondary" href="/user/membership">
              Keep my membership
            </a>
          </div>
        </form>
      )}
    </div>
  );
}
