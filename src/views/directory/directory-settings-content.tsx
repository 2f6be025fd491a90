/** /user/directory: whether the member is listed, what they list, and which fields show. */
import { DIRECTORY_FIELDS, type DirectoryEntry, type DirectoryField } from "../../domain/directory";
import { FIELD_LABELS, showFieldName } from "../../shared/directory-form";
import { ActionButton } from "../forms/action-button";
import { CheckboxField } from "../forms/choice-fields";
import { ErrorSummary, type FieldProblem } from "../forms/error-summary";
import { TextField } from "../forms/text-field";
import { ScreenTitle } from "../components/screen-title";

export interface DirectorySettingsContentProps {
  listed: boolean;
  entry: DirectoryEntry;
  problems: readonly FieldProblem[];
  notice: string | null;
  csrfToken: string;
}

const INPUT: Record<DirectoryField, { type?: "email" | "tel"; autoComplete: string; maxLength: number }> = {
  town: { autoComplete: "address-level2", maxLength: 100 },
  workplace: { autoComplete: "organization", maxLength: 200 },
  specialisation: { autoComplete: "off", maxLength: 100 },
  email: { type: "email", autoComplete: "email", maxLength: 254 },
  phone: { type: "tel", autoComplete: "tel", maxLength: 30 },
};

export function DirectorySettingsContent({ listed, entry, problems, notice, csrfToken }: DirectorySettingsContentProps) {
  const errorFor = (field: string) => problems.find((p) => p.field === field)?.message ?? null;
  return (
    <div className="account-screen">
      <ScreenTitle>Your directory listing</ScreenTitle>
      {notice ? (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      ) : null}
      <ErrorSummary problems={problems} />
      <p>
        {listed ? (
          <>
            You are listed in the <a href="/members/directory">member directory</a>. Other members see your name and the details you
            choose to show below.
          </>
        ) : (
          <>
            You are not listed in the <a href="/members/directory">member directory</a>. Only members who choose to be listed appear
            there, and only other members can see it. We have filled in the details you gave when you joined.
          </>
        )}
      </p>
      <form method="post" action="/user/directory" className="form" noValidate>
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <TextField id="displayName" label="Name" hint="Always shown." value={entry.displayName} autoComplete="name" required maxLength={120} error={errorFor("displayName")} />
        {DIRECTORY_FIELDS.map((field) => (
          <div className="field-group" key={field}>
            <TextField
              id={field}
              label={FIELD_LABELS[field]}
              type={INPUT[field].type}
              value={entry[field] ?? ""}
              autoComplete={INPUT[field].autoComplete}
              maxLength={INPUT[field].maxLength}
              error={errorFor(field)}
            />
            <CheckboxField id={showFieldName(field)} label={`Show my ${FIELD_LABELS[field].toLowerCase()} to other members`} checked={entry.show[field]} />
          </div>
        ))}
        <div className="form__actions">
          <button type="submit" className="button">
            {listed ? "Save my listing" : "List me in the directory"}
          </button>
          <a href="/user/account">Cancel</a>
        </div>
      </form>
      {listed ? (
        <>
          <h2>Leave the directory</h2>
          <p>Your listing is removed at once, and no one sees it again unless you list yourself again.</p>
          <ActionButton action="/user/directory/leave" csrfToken={csrfToken} label="Remove me from the directory" secondary />
        </>
      ) : null}
    </div>
  );
}
