/**
 * /staff/members/merge?a=…&b=…: two member records side by side, and the form that merges one
 * into the other: which record stays, and for each part which record's value is kept. Plain HTML
 * that works without JavaScript; after a problem it comes back with the choices made and each
 * problem beside its field and listed at the top.
 */
import { MERGE_FIELDS, type MergeComparison, type MergeField, type MergeRecord, type MergeSideView } from "../../domain/member-merge";
import { hrefs } from "../../shared/links";
import { CheckboxField, RadioGroup } from "../forms/choice-fields";
import { ErrorSummary } from "../forms/error-summary";
import { StaffField } from "./staff-field";
import { StaffTable } from "./staff-table";

export interface MemberMergeFormProps {
  comparison: MergeComparison;
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
  csrfToken: string;
}

export const FIELD_LABELS: Record<MergeField, string> = {
  email: "E-mail address",
  name: "Name",
  postalAddress: "Postal address",
  membership: "Membership (type, status, period, number, way of paying, honours and marks)",
};

const ORDER = ["version", "survivor", ...MERGE_FIELDS.map((f) => `keep-${f}`), "membership", "confirmOverlap", "reason"];

const text = (value: string | number | null | undefined) => (value === null || value === undefined || value === "" ? "—" : String(value));

function membershipSummary(r: MergeRecord) {
  const period = r.honour ? `${r.honour}, no end` : `${text(r.period_start)} to ${text(r.period_end)}`;
  const marks = [r.suspended_on ? `suspended ${r.suspended_on}` : null, r.struck_off_on ? `struck off ${r.struck_off_on}` : null].filter(Boolean).join("; ");
  return `${r.membership_title}, ${r.status}, ${period}; number ${text(r.member_number)}; ${r.payment_method}${r.stripe_subscription_id ? " (card subscription)" : ""}${marks ? `; ${marks}` : ""}`;
}

function valueOf(side: MergeSideView, field: MergeField): string {
  switch (field) {
    case "email":
      return side.record.email;
    case "name":
      return text(side.name);
    case "postalAddress":
      return text(side.record.postal_address);
    case "membership":
      return membershipSummary(side.record);
  }
}

function sideLabel(side: MergeSideView, letter: "A" | "B") {
  const account = side.hasAccount ? "has a sign-in account" : "waiting to be claimed (no sign-in account yet)";
  return `Record ${letter}: ${side.name ?? side.record.email} (${account})`;
}

export function MemberMergeForm({ comparison, values, errors, csrfToken }: MemberMergeFormProps) {
  const { a, b } = comparison;
  const e = (field: string) => errors[field] ?? null;
  const problems = ORDER.filter((field) => errors[field]).map((field) => ({ field, message: errors[field]! }));
  const aOrB = [
    { value: "a", label: "Record A" },
    { value: "b", label: "Record B" },
  ];
  return (
    <div className="staff-screen">
      <p className="staff-back">
        <a href={hrefs.staffDuplicates}>Possible duplicate records</a>
      </p>
      <h1>Merge two records</h1>
      <p>
        Everything the record you do not keep owns (payments, receipts, orders, bookings, CPD, notes, consents, the audit trail) moves to the
        record you keep, and the other record is closed, pointing to it. Receipts and other issued documents keep exactly what they say.
        The merge is recorded with your reason and every value before and after.
      </p>
      <StaffTable caption="The two records" head={<><th scope="col">Part</th><th scope="col">Record A</th><th scope="col">Record B</th></>}>
        <tr>
          <th scope="row">Record</th>
          <td>
            <a href={hrefs.staffMember(a.userId)}>{a.userId}</a>
          </td>
          <td>
            <a href={hrefs.staffMember(b.userId)}>{b.userId}</a>
          </td>
        </tr>
        <tr>
          <th scope="row">Sign-in account</th>
          <td>{a.hasAccount ? "Yes" : "No (waiting to be claimed)"}</td>
          <td>{b.hasAccount ? "Yes" : "No (waiting to be claimed)"}</td>
        </tr>
        {MERGE_FIELDS.map((field) => (
          <tr key={field}>
            <th scope="row">{FIELD_LABELS[field]}</th>
            <td>{valueOf(a, field)}</td>
            <td>{valueOf(b, field)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">Waiting for payment</th>
          <td>{`${a.openPayments.applications} application(s), ${a.openPayments.orders} order(s)`}</td>
          <td>{`${b.openPayments.applications} application(s), ${b.openPayments.orders} order(s)`}</td>
        </tr>
      </StaffTable>
      <form method="post" action="/staff/members/merge" className="form" noValidate>
        <ErrorSummary problems={problems} title="The records were not merged" />
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="a" value={a.userId} />
        <input type="hidden" name="b" value={b.userId} />
        <input type="hidden" name="version" value={values.version ?? ""} />
        {e("version") ? (
          <p className="field__error" id="version" role="alert">
            {e("version")}
          </p>
        ) : null}
        <RadioGroup
          id="survivor"
          legend="Which record stays"
          hint="The other record is closed and points to this one. If only one has a sign-in account, keep that one. If both have one, the account of the record you keep stays, with its e-mail address, and the other account is disabled so it can no longer sign in: ask the member which they use."
          options={[
            { value: "a", label: sideLabel(a, "A") },
            { value: "b", label: sideLabel(b, "B") },
          ]}
          value={values.survivor ?? null}
          error={e("survivor")}
        />
        {MERGE_FIELDS.map((field) => (
          <RadioGroup key={field} id={`keep-${field}`} legend={`Keep the ${FIELD_LABELS[field].replace(/^./, (c) => c.toLowerCase())} of`} options={aOrB} value={values[`keep-${field}`] ?? null} error={e(`keep-${field}`) ?? (field === "membership" ? e("membership") : null)} />
        ))}
        {comparison.overlap ? (
          <CheckboxField
            id="confirmOverlap"
            label="Both memberships are active and their paid periods overlap. I have checked, and want to merge them anyway."
            checked={values.confirmOverlap === "on"}
            error={e("confirmOverlap")}
          />
        ) : null}
        <StaffField id="reason" label="Reason" kind="textarea" hint="For example, the same person joined again with a work address" maxLength={500} value={values.reason ?? ""} error={e("reason")} />
        <div className="form__actions">
          <button type="submit" className="button">
            Merge the records
          </button>
        </div>
      </form>
    </div>
  );
}
