import type { FieldError } from 'react-hook-form';
import type { z } from 'zod';

/** react-hook-form keeps one message per field, or several in `types`; the UI shows a list. */
export function messagesOf(error: Pick<FieldError, 'message' | 'types'> | undefined): string[] | undefined {
  if (!error) return undefined;
  const fromTypes = Object.values(error.types ?? {}).flatMap((value) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value : [],
  );
  if (fromTypes.length > 0) return fromTypes;
  return error.message ? [error.message] : [];
}

/** A field error holding every message, for resolvers and setError. */
export function toFieldError(messages: string[]): FieldError {
  return {
    type: 'validate',
    message: messages[0] ?? '',
    types: Object.fromEntries(messages.map((message, index) => [`m${index}`, message])),
  };
}

/**
 * Adds each message as an issue at `path`: the contract's rules (password, data fields) answer lists
 * of messages, and the forms' zod schemas pass them on to the resolver this way.
 */
export function addIssues(ctx: z.RefinementCtx, path: PropertyKey[], messages: readonly string[] = []): void {
  for (const message of messages) ctx.addIssue({ code: 'custom', path, message });
}
