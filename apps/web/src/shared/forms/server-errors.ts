import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../api/client';
import { toFieldError } from './field-errors';

/**
 * Puts a 422's field messages under their inputs. `pathOf` maps a wire field name (and one of its
 * messages) to the form path it belongs to, or undefined when the form has no such input; those
 * messages are returned so the caller can show them another way. The first field gets the focus.
 */
export function showServerErrors<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  pathOf: (wireName: string, message: string) => FieldPath<T> | undefined,
): string[] {
  const grouped = new Map<FieldPath<T>, string[]>();
  const unplaced: string[] = [];
  for (const [wireName, messages] of Object.entries(error.wireErrors)) {
    for (const message of messages) {
      const path = pathOf(wireName, message);
      if (path) grouped.set(path, [...(grouped.get(path) ?? []), message]);
      else unplaced.push(message);
    }
  }
  let first = true;
  for (const [path, messages] of grouped) {
    const fieldError = toFieldError(messages);
    setError(
      path,
      { type: fieldError.type, message: fieldError.message, types: fieldError.types },
      {
        shouldFocus: first,
      },
    );
    first = false;
  }
  return unplaced;
}
