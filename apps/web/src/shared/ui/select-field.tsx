import { forwardRef, type SelectHTMLAttributes, useId } from 'react';
import { describedBy, FieldErrors, FieldHint } from './field-messages';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: { value: string; label: string }[];
  /** The first, empty choice ('Please select'). */
  placeholder?: string;
  errors?: string[] | undefined;
  hint?: string | undefined;
  /** Greys the label (a field the user may see but not change). */
  muted?: boolean;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  {
    label,
    options,
    placeholder = 'Please select',
    errors = [],
    hint,
    required,
    muted,
    id,
    className,
    ...rest
  },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = errors.length ? `${selectId}-error` : undefined;
  return (
    <div
      className={['field', errors.length ? 'field-invalid' : '', muted ? 'field-muted' : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={selectId} className="field-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        ref={ref}
        id={selectId}
        required={required}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        {...rest}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHint id={hintId} text={hint} />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
});
