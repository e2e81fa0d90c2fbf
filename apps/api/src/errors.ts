/**
 * The one error type the API throws on purpose. The error handler in app.ts turns it into the
 * wire shape DESIGN.md describes; anything else becomes a 500 that hides its details.
 */
const errorStatus = {
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  session_expired: 419,
  too_many_requests: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const defaultMessages: Record<ErrorCode, string> = {
  validation: 'The given data was invalid.',
  unauthenticated: 'Please log in to continue.',
  forbidden: 'Unauthorised.',
  not_found: 'Unable to complete request, item not found.',
  conflict: 'A lot of people are trying to do this right now. Please try again.',
  session_expired: 'Something has gone wrong, please reload and try again.',
  too_many_requests: 'Too many attempts. Please try again in 15 minutes.',
  unavailable: 'Service disruption - Unable to access the site due to planned maintenance.',
};

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = defaultMessages[code],
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.status = errorStatus[code];
  }

  /** A 422 with messages for one or more fields (wire names). */
  static validation(errors: FieldErrors, message?: string): AppError {
    const first = Object.values(errors)[0]?.[0];
    return new AppError('validation', message ?? first ?? defaultMessages.validation, errors);
  }

  static notFound(message?: string): AppError {
    return new AppError('not_found', message);
  }
}
