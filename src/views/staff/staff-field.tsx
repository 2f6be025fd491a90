/**
 * A labelled input or textarea for the staff forms, with the same markup and class names as
 * views/forms/text-field (hint, error in words, aria wiring), plus the date and textarea kinds.
 */
import { describedBy, FieldMessages } from "../forms/field-messages";

export interface StaffFieldProps {
  id: string;
  label: string;
  kind?: "text" | "date" | "textarea";
  value?: string;
  hint?: string;
  error?: string | null;
  inputMode?: "decimal";
  maxLength?: number;
  max?: string;
  min?: string;
}

export function StaffField({ id, label, kind = "text", value, hint, error, inputMode, maxLength, max, min }: StaffFieldProps) {
  const shared = {
    className: kind === "textarea" ? "field__input field__input--textarea" : "field__input",
    id,
    name: id,
    defaultValue: value,
    required: true,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy({ id, hint, error }),
  };
  return (
    <div className={error ? "field field--error" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      {kind === "textarea" ? (
        <textarea {...shared} rows={4} />
      ) : (
        <input {...shared} type={kind} inputMode={inputMode} max={max} min={min} autoComplete="off" />
      )}
    </div>
  );
}
