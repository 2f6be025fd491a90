/** A labelled input with its hint and error, wired for screen readers. */
import type { ReactNode } from "react";
import { describedBy, FieldMessages } from "./field-messages";

export interface TextFieldProps {
  id: string;
  name?: string;
  label: string;
  /** After the label: words a script may show or hide (the join form's "(optional)"). */
  labelSuffix?: ReactNode;
  type?: "text" | "email" | "password" | "tel" | "date" | "search";
  value?: string;
  hint?: string;
  error?: string | null;
  autoComplete?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
}

export function TextField({ id, name = id, label, labelSuffix, type = "text", value, hint, error, autoComplete, required, minLength, maxLength }: TextFieldProps) {
  return (
    <div className={error ? "field field--error" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
        {labelSuffix}
      </label>
      <FieldMessages id={id} name={name} hint={hint} error={error} />
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
        aria-describedby={describedBy({ id, hint, error })}
        spellCheck={type === "email" ? false : undefined}
      />
    </div>
  );
}
