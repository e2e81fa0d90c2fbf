import { forwardRef, type TextareaHTMLAttributes, useId } from 'react';
import { describedBy, FieldErrors, FieldHint } from '../../../../shared/ui/field-messages';

export interface HtmlFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  errors?: string[] | undefined;
  hint?: string;
}

/** A labelled text area for operator HTML (footer, terms): stored as typed, sanitised where it shows. */
export const HtmlField = forwardRef<HTMLTextAreaElement, HtmlFieldProps>(function HtmlField(
  { label, errors = [], hint, id, rows = 6, ...rest },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = errors.length ? `${inputId}-error` : undefined;
  return (
    <div className={['field', errors.length ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        {...rest}
      />
      <FieldHint id={hintId} text={hint} />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
});
