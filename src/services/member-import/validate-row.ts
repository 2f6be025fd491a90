/**
 * One row of the member import file, checked: every value is read strictly and every problem is
 * reported with its column and the reason, so staff can fix the file in their spreadsheet.
 */
import * as z from "zod";
import type { ImportColumn, ImportedMember, ImportedStatus, ImportProblem } from "../../domain/member-import";
import type { PaymentMethod } from "../../domain/membership";
import { readConsents } from "./consents-cell";
import { readDay } from "./dates";
import { readHistory } from "./history-row";
import { readStanding } from "./standing-cells";
import type { ColumnIndex } from "./mapping";

/** A membership type as the CMS lists it. */
export interface MembershipType {
  slug: string;
  title: string;
}

const STATUSES: readonly ImportedStatus[] = ["active", "lapsed", "cancelled"];
/** Other systems' words for the same statuses. */
const STATUS_WORDS: Readonly<Record<string, ImportedStatus>> = { current: "active", expired: "lapsed", canceled: "cancelled", resigned: "cancelled" };
const PAYMENT_METHODS: Record<string, PaymentMethod> = { offline: "offline", "bank transfer": "offline", cheque: "offline", card: "card" };
const LIMITS = { email: 254, name: 200, address: 500 } as const;
const MAX_MEMBER_NUMBER = 999_999_999;
const STRIPE_CUSTOMER = /^cus_[A-Za-z0-9_]{1,100}$/;
const STRIPE_SUBSCRIPTION = /^sub_[A-Za-z0-9_]{1,100}$/;
const email = z.email();

/** `today`: the day of the check (YYYY-MM-DD), for dates that may not be in the future or the past. */
export function validateRow(
  record: { line: number; fields: readonly string[] },
  index: ColumnIndex,
  types: readonly MembershipType[],
  today: string,
): { ok: true; member: ImportedMember } | { ok: false; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const value = (column: ImportColumn) => (index.fields[column] < 0 ? "" : (record.fields[index.fields[column]] ?? "").trim());
  const problem = (column: string, message: string) => problems.push({ line: record.line, column, message });

  const address = value("email").toLowerCase();
  if (address === "") problem("email", "An e-mail address is needed: the import finds each member by it");
  else if (address.length > LIMITS.email || !email.safeParse(address).success) problem("email", `"${value("email")}" is not an e-mail address`);

  const name = value("name").replace(/\s+/g, " ");
  if (name === "") problem("name", "A name is needed");
  else if (name.length > LIMITS.name) problem("name", `The name is longer than ${LIMITS.name} characters`);

  const typeName = value("membership_type");
  const type = types.find((t) => t.slug.toLowerCase() === typeName.toLowerCase() || t.title.toLowerCase() === typeName.toLowerCase());
  if (typeName === "") problem("membership_type", "A membership type is needed");
  else if (!type) problem("membership_type", `"${typeName}" is not a membership type. The site has: ${types.map((t) => t.title).join(", ")}`);

  const statusText = value("status").toLowerCase();
  const status = (STATUS_WORDS[statusText] ?? statusText) as ImportedStatus;
  if (!STATUSES.includes(status)) {
    const special = /^(honou?rary|life|concession)/.test(statusText) ? `; an honorary, life or concession membership goes in the special_status column` : "";
    problem("status", `"${value("status")}" is not a status: use active, lapsed or cancelled${special}`);
  }
  const customerId = value("stripe_customer_id");
  const subscriptionId = value("stripe_subscription_id");
  const standing = readStanding(
    {
      specialStatus: value("special_status"),
      concessionPrice: value("concession_price"),
      concessionUntil: value("concession_until"),
      concessionReason: value("concession_reason"),
      notes: value("notes"),
    },
    { status: STATUSES.includes(status) ? status : null, stripeSubscriptionId: subscriptionId, today },
    problem,
  );

  const startText = value("period_start");
  const endText = value("period_end");
  const start = startText === "" ? null : readDay(startText);
  const end = endText === "" ? null : readDay(endText);
  if (!start) problem("period_start", "The period's start date is needed");
  else if (!start.ok) problem("period_start", `Period start ${start.problem}`);
  // An honorary or life membership has no end: whatever end the old system kept is not read.
  if (!standing.honour && !end) problem("period_end", "The period's end date is needed");
  else if (!standing.honour && end && !end.ok) problem("period_end", `Period end ${end.problem}`);
  const periodStart = start?.ok ? start.day : "";
  const periodEnd = end?.ok ? end.day : "";
  if (!standing.honour && start?.ok && end?.ok && periodEnd <= periodStart) problem("period_end", `The period ends (${periodEnd}) on or before it starts (${periodStart})`);

  const numberText = value("member_number");
  let memberNumber: number | null = null;
  if (numberText !== "") {
    if (!/^\d+$/.test(numberText) || Number(numberText) < 1 || Number(numberText) > MAX_MEMBER_NUMBER) {
      problem("member_number", `"${numberText}" is not a member number: use a whole number from 1, or leave it blank to give the next one`);
    } else memberNumber = Number(numberText);
  }

  const postal = value("address");
  if (postal.length > LIMITS.address) problem("address", `The address is longer than ${LIMITS.address} characters`);

  // A file without the column: members with a Stripe customer pay by card, the rest offline.
  const methodText = index.fields.payment_method < 0 ? (customerId === "" ? "offline" : "card") : value("payment_method");
  const method = PAYMENT_METHODS[methodText.toLowerCase()];
  if (!method) problem("payment_method", `"${value("payment_method")}" is not a payment method: use offline (or bank transfer, cheque) or card`);

  if (customerId !== "" && !STRIPE_CUSTOMER.test(customerId)) problem("stripe_customer_id", `"${customerId}" is not a Stripe customer id: copy it from Stripe, like cus_NffrFeUfNV2Hib`);
  else if (customerId !== "" && method && method !== "card") problem("stripe_customer_id", "A Stripe customer is for members who pay by card: set payment_method to card, or leave this blank");
  if (subscriptionId !== "" && !STRIPE_SUBSCRIPTION.test(subscriptionId)) problem("stripe_subscription_id", `"${subscriptionId}" is not a Stripe subscription id: copy it from Stripe, like sub_1MowQVLkdIwHu7ix`);
  else if (subscriptionId !== "" && customerId === "") problem("stripe_subscription_id", "A Stripe subscription needs its customer: fill in stripe_customer_id too");

  const { consents, consentsGiven } = readConsents(value("consents"), today, problem);

  const history = readHistory(record.fields, index, problem);

  if (problems.length > 0 || !type || !method) return { ok: false, problems };
  return {
    ok: true,
    member: {
      line: record.line,
      email: address,
      name,
      membershipSlug: type.slug,
      membershipTitle: type.title,
      status,
      periodStart,
      periodEnd: standing.honour ? null : periodEnd,
      memberNumber,
      address: postal === "" ? null : postal,
      paymentMethod: method,
      consents,
      consentsGiven,
      ...standing,
      stripeCustomerId: customerId === "" ? null : customerId,
      stripeSubscriptionId: subscriptionId === "" ? null : subscriptionId,
      ...history,
    },
  };
}
