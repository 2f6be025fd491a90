/** A field's hint and error, and the ids that tie them to its input for screen readers. */
export interface FieldMessagesProps {
  id: string;
  /** The form field's name, for tests and scripts that find an error by field (defaults to id). */
  name?: string;
  hint?: string | null;
  error?: string | null;
}

/** The value for the input's aria-describedby. */
export const describedBy = ({ id, hint, error }: FieldMessagesProps): string | undefined =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

export function FieldMessages({ id, name = id, hint, error }: FieldMessagesProps) {
  return (
    <>
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
    </>
  );
}
