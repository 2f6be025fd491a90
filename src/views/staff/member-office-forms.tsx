/**
 * The membership office's forms on a member's page: a note, and each change of standing with its
 * reason (only the ones that apply to the record as it stands). Plain forms that work without
 * JavaScript; after a problem the page comes back with what was typed in that form and the
 * problem beside its field. Each form carries the record's version, so a colleague's change in
 * between is caught rather than overwritten.
 */
import type { ReactNode } from "react";
import type { StandingChangeKind } from "../../domain/member-office";
import type { MembershipRecord } from "../../domain/membership";
import { hrefs } from "../../shared/links";
import { renewsAutomatically } from "../../shared/renewal-way";
import { RadioGroup } from "../forms/choice-fields";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { errorIn } from "./action-forms";
import { StaffField } from "./staff-field";

/** The form that came back with problems (or "stale"), and what was typed in it. */
export interface OfficeFormState {
  form: StandingChangeKind | "note";
  values: Record<string, string>;
  problems: readonly FieldProblem[];
}

export interface MemberOfficeFormsProps {
  record: MembershipRecord;
  csrfToken: string;
  today: string;
  state: OfficeFormState | null;
}

const TITLES: Record<StandingChangeKind | "note", string> = {
  note: "Add a note",
  honour: "Make honorary or life membership",
  concession: "Give a concession",
  "end-concession": "End the concession",
  suspend: "Suspend",
  "strike-off": "Strike off",
  reinstate: "Reinstate",
  extend: "Extend the period",
};

const BUTTONS: Record<StandingChangeKind | "note", string> = {
  note: "Add note",
  honour: "Save honorary or life membership",
  concession: "Give concession",
  "end-concession": "End concession",
  suspend: "Suspend member",
  "strike-off": "Strike off member",
  reinstate: "Reinstate member",
  extend: "Extend period",
};

function OfficeForm({ kind, userId, version, csrfToken, state, intro, children }: { kind: StandingChangeKind | "note"; userId: string; version: string; csrfToken: string; state: OfficeFormState | null; intro?: ReactNode; children: ReactNode }) {
  const mine = state?.form === kind ? state : null;
  const action = kind === "note" ? `${hrefs.staffMember(userId)}/notes` : `${hrefs.staffMember(userId)}/standing/${kind}`;
  return (
    <section className="staff-action" aria-labelledby={`office-${kind}-title`} data-office-form={kind}>
      <h3 id={`office-${kind}-title`}>{TITLES[kind]}</h3>
      {mine ? <ErrorSummary problems={mine.problems} title={kind === "note" ? "The note was not added" : "Nothing was changed"} /> : null}
      {intro}
      <form method="post" action={action} className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        {kind === "note" ? null : <input type="hidden" name="version" value={version} />}
        {children}
        <div className="form__actions">
          <button type="submit" className="button button--secondary">
            {BUTTONS[kind]}
          </button>
        </div>
      </form>
    </section>
  );
}

export function MemberOfficeForms({ record, csrfToken, today, state }: MemberOfficeFormsProps) {
  const office = record.office;
  const version = state?.values.version ?? record.updatedAt;
  const shared = { userId: record.userId, version, csrfToken, state };
  const v = (form: StandingChangeKind | "note", field: string, fallback = "") => (state?.form === form ? (state.values[field] ?? "") : fallback);
  const e = (form: StandingChangeKind | "note", field: string) => (state?.form === form ? errorIn(state.problems, field) : null);
  const stripe = renewsAutomatically(record);
  return (
    <>
      <h2>Notes</h2>
      <p>Notes are for staff: the member never sees them. They are part of the member's data if they ask for it.</p>
      <OfficeForm kind="note" {...shared}>
        <StaffField id="noteBody" label="Note" kind="textarea" maxLength={5000} value={v("note", "noteBody")} error={e("note", "noteBody")} />
      </OfficeForm>

      <h2>Standing</h2>
      <p>Each change needs a reason. It is recorded with your name and what the record said before and after.</p>
      {office?.struckOff || office?.suspension ? (
        <OfficeForm kind="reinstate" {...shared} intro={<p>{office.struckOff ? "The membership becomes active again, with the period it had." : "Member access comes back at once."}</p>}>
          <StaffField id="reinstateReason" label="Reason" kind="textarea" maxLength={500} value={v("reinstate", "reinstateReason")} error={e("reinstate", "reinstateReason")} />
        </OfficeForm>
      ) : null}
      {office?.struckOff ? null : (
        <>
          {office?.honour ? null : (
            <OfficeForm kind="honour" {...shared} intro={<p>The membership becomes active with no end date: no renewals, no reminders.{stripe ? " Stripe renews this card membership: end its subscription first." : ""}</p>}>
              <RadioGroup
                id="honour"
                legend="Kind"
                options={[
                  { value: "honorary", label: "Honorary membership" },
                  { value: "life", label: "Life membership" },
                ]}
                value={v("honour", "honour")}
                error={e("honour", "honour")}
              />
              <StaffField id="honourReason" label="Reason" kind="textarea" maxLength={500} value={v("honour", "honourReason")} error={e("honour", "honourReason")} />
            </OfficeForm>
          )}
          {office?.honour ? null : (
            <OfficeForm kind="concession" {...shared} intro={<p>A reduced yearly price for every renewal that starts before the end date, for example for parental leave or retirement.</p>}>
              <StaffField id="concessionAmount" label="Yearly price during the concession, in pounds" inputMode="decimal" maxLength={12} hint="For example, 45 or 45.50" value={v("concession", "concessionAmount")} error={e("concession", "concessionAmount")} />
              <StaffField id="concessionUntil" label="Concession ends on" kind="date" min={today} value={v("concession", "concessionUntil")} error={e("concession", "concessionUntil")} />
              <StaffField id="concessionReason" label="Reason" kind="textarea" maxLength={500} value={v("concession", "concessionReason")} error={e("concession", "concessionReason")} />
            </OfficeForm>
          )}
          {office?.concession ? (
            <OfficeForm kind="end-concession" {...shared}>
              <StaffField id="endConcessionReason" label="Reason" kind="textarea" maxLength={500} value={v("end-concession", "endConcessionReason")} error={e("end-concession", "endConcessionReason")} />
            </OfficeForm>
          ) : null}
          {office?.honour || !record.periodEnd ? null : (
            <OfficeForm kind="extend" {...shared}>
              <StaffField id="extendDays" label="Number of days" inputMode="decimal" maxLength={4} hint="Between 1 and 730" value={v("extend", "extendDays")} error={e("extend", "extendDays")} />
              <StaffField id="extendReason" label="Reason" kind="textarea" maxLength={500} value={v("extend", "extendReason")} error={e("extend", "extendReason")} />
            </OfficeForm>
          )}
          {office?.suspension ? null : (
            <OfficeForm kind="suspend" {...shared} intro={<p>Member access ends at once, until the member is reinstated.</p>}>
              <StaffField id="suspendedOn" label="Date of the suspension" kind="date" max={today} value={v("suspend", "suspendedOn", today)} error={e("suspend", "suspendedOn")} />
              <StaffField id="suspendReason" label="Reason" kind="textarea" maxLength={500} value={v("suspend", "suspendReason")} error={e("suspend", "suspendReason")} />
            </OfficeForm>
          )}
          <OfficeForm kind="strike-off" {...shared} intro={<p>The membership is cancelled and access ends at once. It can be reinstated.</p>}>
            <StaffField id="struckOffOn" label="Date of striking off" kind="date" max={today} value={v("strike-off", "struckOffOn", today)} error={e("strike-off", "struckOffOn")} />
            <StaffField id="strikeOffReason" label="Reason" kind="textarea" maxLength={500} value={v("strike-off", "strikeOffReason")} error={e("strike-off", "strikeOffReason")} />
          </OfficeForm>
        </>
      )}
    </>
  );
}
