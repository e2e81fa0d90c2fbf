import { forwardRef, type InputHTMLAttributes, useId } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Field messages (client rules or the server's 422), shown in red under the input. */
  errors?: string[] | undefined;
  hint?: string;
  /** The current length, for inputs with a maxLength (shown as 'n/max'). */
  length?: number;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, errors = [], hint, length, required, maxLength, id, className, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = errors.length ? `${inputId}-error` : undefined;
  // The count shows only where the form tracks the value (a registered, uncontrolled input would read 0).
  const counted = maxLength !== undefined && length !== undefined;
  const countId = counted ? `${inputId}-count` : undefined;
  return (
    <div className={['field', errors.length ? 'field-invalid' : '', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className="field-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        ref={ref}
        id={inputId}
        required={required}
        maxLength={maxLength}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={[hintId, errorId, countId].filter(Boolean).join(' ') || undefined}
        {...rest}
      />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {counted ? (
        <p id={countId} className="field-count">
          {length}/{maxLength}
        </p>
      ) : null}
      {errors.length ? (
        <ul id={errorId} className="field-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});
