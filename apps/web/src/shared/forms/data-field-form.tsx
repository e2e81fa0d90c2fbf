import type { InputHTMLAttributes } from 'react';
import { Controller, type FieldError, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../ui/checkbox-field';
import { CheckboxGroup } from '../ui/checkbox-group';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import type { DataFieldData, DataFieldSectionData } from './api/get-data-fields';
import type { DataFieldValues } from './data-field-values';
import { messagesOf } from './field-errors';
import './forms.css';

/** Forms that embed the data fields keep their values under `answers`. */
export interface WithDataFieldValues {
  answers: DataFieldValues;
}

type InputAttributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'maxLength' | 'minLength' | 'autoComplete' | 'inputMode' | 'min' | 'max' | 'step' | 'pattern'
>;

/**
 * The server's html_attributes, applied through an allow-list: they shape the input (type, length,
 * autocomplete, range) but can never add handlers or arbitrary markup.
 */
function inputAttributes(field: DataFieldData): InputAttributes {
  const source = field.htmlAttributes;
  const text = (key: string) => {
    const value = source[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  };
  const number = (key: string) => {
    const value = Number(source[key]);
    return source[key] !== undefined && Number.isFinite(value) ? value : undefined;
  };
  const attributes: InputAttributes = {};
  const type = text('type');
  if (field.type === 'number') attributes.type = 'number';
  else if (field.type === 'text' && type && ['email', 'tel', 'url', 'text'].includes(type))
    attributes.type = type;
  const maxLength = number('maxlength');
  if (maxLength !== undefined) attributes.maxLength = maxLength;
  const minLength = number('minlength');
  if (minLength !== undefined) attributes.minLength = minLength;
  const autoComplete = text('autocomplete');
  if (autoComplete) attributes.autoComplete = autoComplete;
  const inputMode = text('inputmode');
  if (inputMode === 'numeric' || inputMode === 'tel' || inputMode === 'email' || inputMode === 'decimal') {
    attributes.inputMode = inputMode;
  }
  const pattern = text('pattern');
  if (pattern) attributes.pattern = pattern;
  if (field.type === 'number') {
    const min = number('min');
    const max = number('max');
    const step = number('step');
    if (min !== undefined) attributes.min = min;
    if (max !== undefined) attributes.max = max;
    if (step !== undefined) attributes.step = step;
  }
  return attributes;
}

function fieldName(field: DataFieldData): `answers.${string}` {
  return `answers.${field.name}`;
}

function TextLikeField({ field, error }: { field: DataFieldData; error: string[] | undefined }) {
  const { t } = useTranslation('account');
  const { register, control } = useFormContext<WithDataFieldValues>();
  const value = useWatch({ control, name: fieldName(field) });
  const attributes = inputAttributes(field);
  const isDate = field.type === 'date';
  const hint = field.metadata.description ?? (isDate ? t('fields.dateHint') : undefined);
  return (
    <TextField
      label={field.label}
      required={field.isRequired}
      disabled={!field.isAuthorised}
      className={field.isAuthorised ? undefined : 'field-muted'}
      placeholder={isDate ? 'DD/MM/YYYY' : (field.placeholder ?? undefined)}
      inputMode={isDate ? 'numeric' : attributes.inputMode}
      errors={error}
      {...(hint ? { hint } : {})}
      {...attributes}
      {...(isDate ? { type: 'text', maxLength: undefined } : {})}
      length={typeof value === 'string' ? value.length : 0}
      {...register(fieldName(field))}
    />
  );
}

function DataFieldControl({ field, error }: { field: DataFieldData; error: string[] | undefined }) {
  const { t } = useTranslation('account');
  const { register, control } = useFormContext<WithDataFieldValues>();
  const hint = field.metadata.description ?? undefined;
  const muted = !field.isAuthorised;
  switch (field.type) {
    case 'select':
      return (
        <SelectField
          label={field.label}
          options={field.options}
          placeholder={field.placeholder ?? t('fields.selectPlaceholder')}
          required={field.isRequired}
          disabled={muted}
          muted={muted}
          errors={error}
          hint={hint}
          {...register(fieldName(field))}
        />
      );
    case 'multi_select':
      return (
        <Controller
          control={control}
          name={fieldName(field)}
          render={({ field: controlled }) => (
            <CheckboxGroup
              label={field.label}
              name={controlled.name}
              options={field.options}
              value={Array.isArray(controlled.value) ? controlled.value : []}
              onChange={controlled.onChange}
              onBlur={controlled.onBlur}
              required={field.isRequired}
              disabled={muted}
              muted={muted}
              errors={error}
              hint={hint}
            />
          )}
        />
      );
    case 'checkbox':
      return (
        <CheckboxField
          label={field.label}
          required={field.isRequired}
          disabled={muted}
          muted={muted}
          errors={error}
          hint={hint}
          {...register(fieldName(field))}
        />
      );
    default:
      return <TextLikeField field={field} error={error} />;
  }
}

/**
 * The sections of a dynamic data-field form (registration, My details), as fieldsets with
 * legends. It lives inside a react-hook-form FormProvider whose values hold `answers`.
 */
export function DataFieldSections({ sections }: { sections: DataFieldSectionData[] }) {
  const {
    formState: { errors },
  } = useFormContext<WithDataFieldValues>();
  const answerErrors = (errors.answers ?? {}) as Record<string, FieldError | undefined>;
  return (
    <>
      {sections.map((section) => (
        <fieldset key={section.sectionReference} className="form-section">
          <legend className="form-section-title">{section.sectionName}</legend>
          {section.sectionFields.map((field) => (
            <DataFieldControl key={field.name} field={field} error={messagesOf(answerErrors[field.name])} />
          ))}
        </fieldset>
      ))}
    </>
  );
}
