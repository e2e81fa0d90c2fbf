import { ApiError } from '../../../shared/api/client';

/**
 * The toast text of a failed cart call: the server's own message when it sent one (a 4xx: full,
 * race, not found, ...), else the spec's 'Something went wrong, please try again.'.
 */
export function cartFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return fallback;
}
