import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  get,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api/client';
import { messagesOf } from '../../../shared/forms/field-errors';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { Button } from '../../../shared/ui/button';

/**
 * Console forms: react-hook-form with the contract's zod schema (snake_case field names, as on the
 * wire), so a 422's field messages land on the fields of the same name.
 *
 *   const form = useAdminForm(zVenueCreate, { name: '' });
 *   const save = useSaveForm(form, (values) => adminApi.post('venues', values));
 *   <form onSubmit={save.onSubmit} noValidate>
 *     <TextField label="Name" {...form.register('name')} errors={fieldErrors(form, 'name')} />
 *     <SaveBar status={save.status} message={save.message} busy={save.busy} />
 *   </form>
 */
export function useAdminForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // biome-ignore lint/suspicious/noExplicitAny: zodResolver's overloads cannot see through a generic schema
    resolver: zodResolver(schema as any) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    criteriaMode: 'all',
  });
}

/** A field's messages (client rules or the server's) for the `errors` prop of TextField/SelectField. */
export function fieldErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  name: FieldPath<T>,
): string[] | undefined {
  return messagesOf(get(form.formState.errors, name));
}

/** Where a save is: nothing yet, on its way, done, or failed (the message says why). */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Puts a 422's messages on the form's fields: a wire field name (`venue_ids.0` or `venue_ids`) goes to
 * the field of that name when the form has it, else it is returned (shown in the save bar).
 */
export function applyServerErrors<T extends FieldValues>(
  error: ApiError,
  form: UseFormReturn<T, unknown, FieldValues>,
  fieldNames?: readonly string[],
): string[] {
  const known = new Set(fieldNames ?? Object.keys(form.getValues()));
  return showServerErrors(error, form.setError, (wireName) => {
    if (known.has(wireName)) return wireName as FieldPath<T>;
    const head = wireName.split('.')[0] ?? wireName;
    return known.has(head) ? (head as FieldPath<T>) : undefined;
  });
}

/**
 * Submits a console form: validates, calls `save` with the parsed values, and on a 422 puts the
 * messages on the fields (the first gets the focus). `status`/`message` feed a SaveBar.
 */
export function useSaveForm<TIn extends FieldValues, TOut extends FieldValues, R>(
  form: UseFormReturn<TIn, unknown, TOut>,
  save: (values: TOut) => Promise<R>,
  options: { onSaved?: (result: R) => void; savedMessage?: string } = {},
) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [message, setMessage] = useState<string | undefined>();
  const onSubmit = form.handleSubmit(
    async (values) => {
      setStatus('saving');
      setMessage(undefined);
      try {
        const result = await save(values);
        setStatus('saved');
        setMessage(options.savedMessage ?? 'Saved.');
        options.onSaved?.(result);
      } catch (error) {
        setStatus('failed');
        if (error instanceof ApiError) {
          const unplaced =
            error.status === 422
              ? applyServerErrors(error, form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>)
              : [];
          setMessage(
            error.status === 422
              ? [unplaced.length ? unplaced.join(' ') : 'Please correct the errors below.'].join(' ')
              : error.message,
          );
        } else {
          setMessage('Something has gone wrong, please try again.');
        }
      }
    },
    () => {
      setStatus('failed');
      setMessage('Please correct the errors below.');
    },
  );
  return { onSubmit, status, message, busy: status === 'saving' };
}

export interface SaveBarProps {
  status: SaveStatus;
  message?: string | undefined;
  busy?: boolean;
  /** The submit button's text; 'Save' by default. */
  label?: string;
  /** Beside the button ('Cancel' link). */
  children?: React.ReactNode;
}

/** The foot of a console form: the submit button and what happened to the last save (announced). */
export function SaveBar({ status, message, busy, label = 'Save', children }: SaveBarProps) {
  return (
    <div className="admin-save-bar">
      <Button type="submit" busy={busy} busyText="Saving…">
        {label}
      </Button>
      {children}
      <p
        className={`admin-save-status admin-save-${status}`}
        role={status === 'failed' ? 'alert' : 'status'}
        aria-live={status === 'failed' ? 'assertive' : 'polite'}
      >
        {status === 'saved' || status === 'failed' ? message : null}
      </p>
    </div>
  );
}
