/** Selects, radio groups and checkboxes with their labels, hints and errors, wired for screen readers. */
import type { ReactNode } from "react";
import { describedBy, FieldMessages, type FieldMessagesProps } from "./field-messages";

type Described = FieldMessagesProps;

/** A choice: its value and the words shown (a plain string is both). */
export type SelectOption = string | { value: string; label: string };

export function SelectField(props: Described & { label: string; options: readonly SelectOption[]; value?: string | null; required?: boolean; autoComplete?: string }) {
  return (
    <div className={props.error ? "field field--error" : "field"}>
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      <FieldMessages id={props.id} hint={props.hint} error={props.error} />
      <select
        className="field__input"
        id={props.id}
        name={props.id}
        defaultValue={props.value ?? ""}
        required={props.required}
        autoComplete={props.autoComplete}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props)}
      >
        <option value="">Choose…</option>
        {props.options.map((option) => {
          const { value, label } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {label}
            </option>
          );
        })}
      </select>
    </div>
  );
}

export interface RadioOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
}

export function RadioGroup(props: Described & { legend: string; options: readonly RadioOption[]; value?: string | null }) {
  return (
    <fieldset className={props.error ? "field field--error choice-group" : "field choice-group"} aria-describedby={describedBy(props)}>
      <legend className="field__label">{props.legend}</legend>
      <FieldMessages id={props.id} hint={props.hint} error={props.error} />
      {props.options.map((option, index) => {
        const optionId = index === 0 ? props.id : `${props.id}-${option.value}`;
        return (
          <div className="choice" key={option.value}>
            <input className="choice__input" type="radio" id={optionId} name={props.id} value={option.value} defaultChecked={props.value === option.value} />
            <label className="choice__label" htmlFor={optionId}>
              {option.label}
              {option.hint ? <span className="choice__hint">{option.hint}</span> : null}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

export function CheckboxField(props: Described & { label: ReactNode; checked?: boolean }) {
  return (
    <div className={props.error ? "field field--error" : "field"}>
      <FieldMessages id={props.id} hint={props.hint} error={props.error} />
      <div className="choice">
        <input
          className="choice__input"
          type="checkbox"
          id={props.id}
          name={props.id}
          value="on"
          defaultChecked={props.checked}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy(props)}
        />
        <label className="choice__label" htmlFor={props.id}>
          {props.label}
        </label>
      </div>
    </div>
  );
}
