import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { describedBy, FieldErrors, FieldHint } from './field-messages';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  errors?: string[] | undefined;
  hint?: string | undefined;
  muted?: boolean;
}

/** One checkbox with its label to the right, a hint and field errors. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, errors = [], hint, required, muted, id, className, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = errors.length ? `${inputId}-error` : undefined;
  return (
    <div
      className={[
        'field',
        'field-checkbox',
        errors.length ? 'field-invalid' : '',
        muted ? 'field-muted' : '',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <div className="checkbox-row">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          required={required}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={describedBy(hintId, errorId)}
          {...rest}
        />
        <label htmlFor={inputId} className="field-label">
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
      </div>
      <FieldHint id={hintId} text={hint} />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
});
