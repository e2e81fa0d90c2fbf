import { zDirectDebitValidateRequest, zDirectDebitValidateResponse } from '@leisure/contract/direct-debit';
import { zErrorResponse } from '@leisure/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireAuth } from '../session/session';
import { validateBankDetails } from './direct-debit.service';

export interface DirectDebitRoutesOptions {
  db: Database;
  config: Config;
}

/** The joining flow's Monthly payment section (joining-and-payments.md; docs/decisions/009). */
export const directDebitRoutes: FastifyPluginAsyncZod<DirectDebitRoutesOptions> = async (
  app,
  { db, config },
) => {
  const deps = { db, config, provider: app.directDebitProvider };

  app.post(
    '/online-joining/direct-debit/validate',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['online-joining'],
        summary: 'Check bank details for a direct debit',
        description:
          'Strips spaces and dashes, checks the format (8-digit account number, 6-digit sort code) and the ' +
          'VocaLink modulus check, and parks the details for the membership checkout. The answer holds only ' +
          'the last two digits of the account number and a `details_token` (single use, this customer only, ' +
          'valid until `details_expires_at`) that the submit-new-membership call sends as `direct_debit.token`. ' +
          'A failed check counts towards a limit of 10 in 15 minutes per address and per customer (then 429). ' +
          'Billing address fields are checked when any of them is sent.',
        security: [{ bearer: [] }, { cookie: [] }],
        body: zDirectDebitValidateRequest,
        response: {
          200: zDirectDebitValidateResponse,
          401: zErrorResponse.describe('No valid session.'),
          419: zErrorResponse.describe(
            'A cookie-authenticated write without the matching `x-xsrf-token` header.',
          ),
          422: zErrorResponse.describe(
            "Field messages: `account_holder_name`, `account_number` ('Account number must be numeric and at " +
              "least 8 characters.', or 'Please check your account number and sort code.' when the modulus " +
              "check fails), `sort_code` ('Sort code must be 6 digits.'), `billing_address_line_1`, " +
              '`billing_address_city`, `billing_address_postcode`.',
          ),
          429: zErrorResponse.describe('Too many failed checks from this address or customer.'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = await requireAuth(db, config, request);
      return { data: await validateBankDetails(deps, auth.user.id, request.body, request.ip) };
    },
  );
};
