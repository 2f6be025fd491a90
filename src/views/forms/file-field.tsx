/** A labelled file input with its hint and error, wired for screen readers. */
import { describedBy, FieldMessages } from "./field-messages";

export interface FileFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  /** What the file picker offers (extensions and types); the server checks the content whatever is chosen. */
  accept?: string;
  required?: boolean;
  /** Data attributes an island finds the input by. */
  data?: Record<`data-${string}`, string>;
}

export function FileField({ id, label, hint, error, accept, required, data }: FileFieldProps) {
  return (
    <div className={error ? "field field--error" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      <input
        className="field__input field__input--file"
        id={id}
        name={id}
        type="file"
        accept={accept}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, hint, error })}
        {...data}
      />
    </div>
  );
}
