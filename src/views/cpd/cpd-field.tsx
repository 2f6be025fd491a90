/**
 * A labelled input, textarea or select of the CPD forms, with the markup of views/forms/text-field
 * (hint, error in words, aria wiring).
 */
import { describedBy, FieldMessages } from "../forms/field-messages";

export interface CpdFieldProps {
  id: string;
  label: string;
  kind?: "text" | "date" | "textarea" | "url" | "hours";
  value?: string;
  hint?: string;
  error?: string | null;
  required?: boolean;
  maxLength?: number;
  max?: string;
}

export function CpdField({ id, label, kind = "text", value, hint, error, required = true, maxLength, max }: CpdFieldProps) {
  const shared = {
    className: kind === "textarea" ? "field__input field__input--textarea" : "field__input",
    id,
    name: id,
    defaultValue: value,
    required,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy({ id, hint, error }),
  };
  return (
    <div className={error ? "field field--error" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? null : " (optional)"}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      {kind === "textarea" ? (
        <textarea {...shared} rows={6} />
      ) : kind === "hours" ? (
        <input {...shared} type="text" inputMode="decimal" autoComplete="off" />
      ) : (
        <input {...shared} type={kind} max={max} autoComplete="off" />
      )}
    </div>
  );
}
