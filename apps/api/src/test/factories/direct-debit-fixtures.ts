import type { DirectDebitValidateResponse } from '@leisure/contract/direct-debit';
import { expect } from 'vitest';
import type { App } from '../../app';
import { sandboxBankAccounts } from '../../providers/direct-debit/sandbox-direct-debit-provider';

/**
 * Test helpers for direct debit (also for the membership engine's tests): the sandbox's bank
 * details as the joining form sends them, and the validation call that answers a `details_token`.
 */

export const sandboxDetails = {
  account_holder_name: 'Jo Bloggs',
  account_number: '5577 9911',
  sort_code: '20-00-00',
} as const;

export const failingPaymentsDetails = {
  ...sandboxDetails,
  account_number: sandboxBankAccounts.paymentsFail.accountNumber,
} as const;

export function validateRequest(
  app: App,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: '/api/online-joining/direct-debit/validate',
    headers,
    payload,
    remoteAddress,
  });
}

/** Validates bank details (the sandbox's by default) and answers the `details_token`. */
export async function detailsTokenFor(
  app: App,
  headers: Record<string, string>,
  payload: Record<string, unknown> = sandboxDetails,
): Promise<string> {
  const res = await validateRequest(app, headers, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DirectDebitValidateResponse>().data.details_token;
}
