import { zErrorResponse } from '@leisure/contract/errors';

/** The OpenAPI error answers, security and tag every online-joining route shares (catalogue, promotions, joining). */
export const errors = {
  invalid: zErrorResponse.describe(
    'Invalid input, nothing written: `{message, errors: {field: [..]}}` keyed by wire field name ' +
      '(`start_date`, `billing_day`, `answers.{questionId}`, `membership_type_id`, `terms`, ...).',
  ),
  unauthenticated: zErrorResponse.describe('No valid session.'),
  forbidden: zErrorResponse.describe('Not your membership, or a customer acting for someone else.'),
  notFound: zErrorResponse.describe('No such venue, membership type, payment option or membership.'),
  csrf: zErrorResponse.describe('A cookie-authenticated write without the matching `x-xsrf-token` header.'),
};
export const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
export const tags = ['online-joining'];
