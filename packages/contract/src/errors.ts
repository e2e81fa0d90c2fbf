import { z } from 'zod';

/** The body of every error answer. `errors` is present on 422 only, keyed by wire field name. */
export const zErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof zErrorResponse>;

/** The spec's default messages (shell-session-basket.md section 8). */
export const defaultErrorMessages = {
  404: 'Unable to complete request, item not found.',
  403: 'Unauthorised.',
  419: 'Something has gone wrong, please reload and try again.',
  500: 'Something has gone wrong, please try again.',
} as const;

export const zStatusOk = z.object({ status: z.literal('success'), message: z.string().optional() });
