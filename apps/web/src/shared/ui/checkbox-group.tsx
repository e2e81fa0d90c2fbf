import { useId } from 'react';
import { describedBy, FieldErrors, FieldHint } from './field-messages';

export interface CheckboxGroupProps {
  /** The group's legend: its accessible name. */
  label: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  name: string;
  required?: boolean;
  disabled?: boolean;
  errors?: string[] | undefined;
  hint?: string | undefined;
  muted?: boolean;
}

/** Several choices as checkboxes in a fieldset whose legend is the question. */
export function CheckboxGroup({
  label,
  options,
  value,
  onChange,
  onBlur,
  name,
  required,
  disabled,
  errors = [],
  hint,
  muted,
}: CheckboxGroupProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length ? `${id}-error` : undefined;
  function toggle(option: string, checked: boolean) {
    const next = checked ? [...value, option] : value.filter((item) => item !== option);
    // Keep the options' order, whatever order they were ticked in.
    onChange(options.map((candidate) => candidate.value).filter((candidate) => next.includes(candidate)));
  }
  return (
    <fieldset
      className={['field', 'field-group', errors.length ? 'field-invalid' : '', muted ? 'field-muted' : '']
        .filter(Boolean)
        .join(' ')}
      aria-describedby={describedBy(hintId, errorId)}
      disabled={disabled}
    >
      <legend className="field-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {options.map((option) => {
        const optionId = `${id}-${option.value}`;
        return (
          <div className="checkbox-row" key={option.value}>
            <input
              id={optionId}
              type="checkbox"
              name={name}
              value={option.value}
              checked={value.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              onBlur={onBlur}
              aria-invalid={errors.length ? true : undefined}
            />
            <label htmlFor={optionId}>{option.label}</label>
          </div>
        );
      })}
      <FieldHint id={hintId} text={hint} />
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
