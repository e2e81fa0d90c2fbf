import { zErrorResponse } from '@leisure/contract/errors';

/** What every route of the console's Memberships area answers besides its own body (OpenAPI). */
export const adminTags = ['admin'];
export const adminSecurity: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
export const adminErrors = {
  401: zErrorResponse.describe('No valid session.'),
  403: zErrorResponse.describe(
    'The staff role lacks the permission, or the change is not for a venue-scoped role.',
  ),
  404: zErrorResponse.describe('No such record of this operator.'),
  422: zErrorResponse.describe('The fields that are not valid, each with its message.'),
};
