/** A labelled input with its hint and error, wired for screen readers. */
export interface TextFieldProps {
  id: string;
  name?: string;
  label: string;
  type?: "text" | "email" | "password" | "tel";
  value?: string;
  hint?: string;
  error?: string | null;
  autoComplete?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
}

export function TextField({ id, name = id, label, type = "text", value, hint, error, autoComplete, required, minLength, maxLength }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
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
        <p className="field__error" id={`${id}-error`} data-field-error={name}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <input
        className="field__input"
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        autoComplete={autoComplete}
        required={required}
        minLength={minLength}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        spellCheck={type === "email" ? false : undefined}
      />
    </div>
  );
}
