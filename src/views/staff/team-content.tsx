/** /staff/team: who is staff, with which role; administrators add, change and remove (forms work without JavaScript). */
import { STAFF_ROLES, type StaffRole, type TeamMember } from "../../domain/staff";
import { ActionButton } from "../forms/action-button";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { describedBy, FieldMessages } from "../forms/field-messages";
import { formatDate } from "../format";
import { errorIn } from "./action-forms";
import { ROLE_HINTS, ROLE_LABELS } from "./labels";
import { StaffNav } from "./staff-nav";

export interface TeamContentProps {
  team: readonly TeamMember[];
  /** The administrator looking at the page (who cannot change or remove themselves). */
  me: string;
  csrfToken: string;
  problems: readonly FieldProblem[];
  values: { email: string; role: string };
  notice: string | null;
}

const memberPath = (email: string, action: string) => `/staff/team/${encodeURIComponent(email)}/${action}`;

function RoleSelect({ id, name, value, error, label }: { id: string; name: string; value: string; error?: string | null; label: string }) {
  return (
    <div className={error ? "field field--error" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} name={name} error={error} />
      <select className="field__input" id={id} name={name} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy({ id, error })}>
        {value === "" ? <option value="">Choose a role</option> : null}
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]} — {ROLE_HINTS[role]}
          </option>
        ))}
      </select>
    </div>
  );
}

function MemberRow({ member, me, csrfToken }: { member: TeamMember; me: string; csrfToken: string }) {
  const self = member.email === me;
  const slug = member.email.replace(/[^a-z0-9]+/g, "-");
  return (
    <tr>
      <th scope="row">{member.email}</th>
      <td>{ROLE_LABELS[member.role]}</td>
      <td>{member.secondFactorEnrolled ? "Set up" : "Not set up yet"}</td>
      <td>
        {member.addedBy === "STAFF_EMAILS" ? "From the site's configuration" : member.addedBy}, <time dateTime={member.addedAt}>{formatDate(new Date(member.addedAt))}</time>
      </td>
      <td>
        {self ? (
          <span>This is you</span>
        ) : (
          <>
            <form method="post" action={memberPath(member.email, "role")} className="inline-form">
              <input type="hidden" name="csrfToken" value={csrfToken} />
              <label className="visually-hidden" htmlFor={`role-${slug}`}>
                New role for {member.email}
              </label>
              <select id={`role-${slug}`} name="role" defaultValue={member.role}>
                {STAFF_ROLES.map((role: StaffRole) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>{" "}
              <button type="submit" className="button button--secondary" aria-label={`Change role of ${member.email}`}>
                Change role
              </button>
            </form>{" "}
            <form method="post" action={memberPath(member.email, "remove")} className="inline-form">
              <input type="hidden" name="csrfToken" value={csrfToken} />
              <button type="submit" className="button button--secondary" aria-label={`Remove ${member.email} from the team`}>
                Remove
              </button>
            </form>{" "}
            {member.secondFactorEnrolled ? (
              <form method="post" action={memberPath(member.email, "second-factor")} className="inline-form">
                <input type="hidden" name="csrfToken" value={csrfToken} />
                <button type="submit" className="button button--secondary" aria-label={`Reset the second factor of ${member.email}`}>
                  Reset second factor
                </button>
              </form>
            ) : null}
          </>
        )}
      </td>
    </tr>
  );
}

export function TeamContent({ team, me, csrfToken, problems, values, notice }: TeamContentProps) {
  return (
    <div className="staff-screen">
      <StaffNav current="team" />
      <h1>Team</h1>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <p>
        Everyone here may sign in to the staff pages with their own account, once its e-mail address is verified, and must set up a second factor (an authenticator
        app) at their first visit. Every change on this page is recorded in the staff audit log.
      </p>
      <table className="staff-table">
        <caption>Staff ({team.length})</caption>
        <thead>
          <tr>
            <th scope="col">E-mail address</th>
            <th scope="col">Role</th>
            <th scope="col">Second factor</th>
            <th scope="col">Added by, when</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {team.map((member) => (
            <MemberRow key={member.email} member={member} me={me} csrfToken={csrfToken} />
          ))}
        </tbody>
      </table>
      <section className="staff-action" aria-labelledby="add-staff-title">
        <h2 id="add-staff-title">Add a staff member</h2>
        <ErrorSummary problems={problems} title="The staff member was not added" />
        <form method="post" action="/staff/team" className="form" noValidate>
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <div className={errorIn(problems, "email") ? "field field--error" : "field"}>
            <label className="field__label" htmlFor="email">
              E-mail address
            </label>
            <FieldMessages id="email" hint="The address they sign in with" error={errorIn(problems, "email")} />
            <input
              className="field__input"
              id="email"
              name="email"
              type="email"
              defaultValue={values.email}
              required
              maxLength={254}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={errorIn(problems, "email") ? true : undefined}
              aria-describedby={describedBy({ id: "email", hint: "The address they sign in with", error: errorIn(problems, "email") })}
            />
          </div>
          <RoleSelect id="role" name="role" label="Role" value={values.role} error={errorIn(problems, "role")} />
          <div className="form__actions">
            <button type="submit" className="button">
              Add to the team
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
