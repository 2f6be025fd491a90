/**
 * A labelled input or textarea for the staff forms, with the same markup and class names as
 * views/forms/text-field (hint, error in words, aria wiring), plus the date and textarea kinds.
 */
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
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const shared = {
    className: kind === "textarea" ? "field__input field__input--textarea" : "field__input",
    id,
    name: id,
    defaultValue: value,
    required: true,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className={error ? "field field--error" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} data-field-error={id}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      {kind === "textarea" ? (
        <textarea {...shared} rows={4} />
      ) : (
        <input {...shared} type={kind} inputMode={inputMode} max={max} min={min} autoComplete="off" />
      )}
    </div>
  );
}
