import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { toFieldError } from './field-errors';

/** Messages keyed by form path: 'answers.first_name', 'password', ... */
export type PathErrors = Record<string, string[]>;

/** Nests 'answers.first_name' errors the way react-hook-form expects them. */
export function nestErrors<T extends FieldValues>(errors: PathErrors): FieldErrors<T> {
  const nested: Record<string, unknown> = {};
  for (const [path, messages] of Object.entries(errors)) {
    if (messages.length === 0) continue;
    const [head, ...rest] = path.split('.');
    if (!head) continue;
    if (rest.length === 0) {
      nested[head] = toFieldError(messages);
    } else {
      const group = (nested[head] ?? {}) as Record<string, unknown>;
      group[rest.join('.')] = toFieldError(messages);
      nested[head] = group;
    }
  }
  return nested as FieldErrors<T>;
}

/**
 * A resolver from a plain check function: the rules of these forms are dynamic (the server's
 * data fields) and come from the contract's helpers, so a schema would only wrap them.
 */
export function resolverFrom<T extends FieldValues>(check: (values: T) => PathErrors): Resolver<T> {
  return (values) => {
    const errors = check(values);
    const hasErrors = Object.values(errors).some((messages) => messages.length > 0);
    return hasErrors ? { values: {}, errors: nestErrors<T>(errors) } : { values, errors: {} };
  };
}
