import { zErrorResponse } from '@leisure/contract/errors';
import {
  type MyMembership,
  zCancelInfoResponse,
  zCancelMembershipResponse,
  zMembershipIdParams,
} from '@leisure/contract/my-memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireAuth } from '../session/session';
import { cancelMembership, getCancelInfo } from './cancellations.service';

export interface CancellationsRoutesOptions {
  db: Database;
  config: Config;
  /**
   * The membership as the member's list shows it (modules/my-memberships), for the answer after
   * cancelling. Passed in by app.ts: the list shows cancellations, so this module cannot import it.
   */
  describeMembership: (membershipId: number) => Promise<MyMembership>;
}

const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const unauthenticated = zErrorResponse.describe('No valid session.');
const csrf = zErrorResponse.describe(
  'A cookie-authenticated write without the matching `x-xsrf-token` header.',
);
const notFound = zErrorResponse.describe('No such membership of yours (another member’s answers the same).');

/** Cancelling a membership: what it would mean, and the request (my-account.md 2.6 "Cancel modal"). */
export const cancellationsRoutes: FastifyPluginAsyncZod<CancellationsRoutesOptions> = async (
  app,
  { db, config, describeMembership },
) => {
  const deps = { db, config, holds: app.holdKeeper, events: app.events };

  app.get(
    '/memberships/:membershipId/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'What cancelling a membership would mean',
        description:
          'Whether it may be cancelled online (else the refusal message), the unpaid fees that must be paid ' +
          'first (`outstanding_penalties_due`, `total_owed`), and for a monthly membership the notice period ' +
          'and the earliest final payment date and final day: the notice runs from today and the membership ' +
          'ends with the billing period in which it ends. `recurring` is null for a fixed (paid in full) one.',
        security,
        params: zMembershipIdParams,
        response: { 200: zCancelInfoResponse, 401: unauthenticated, 404: notFound },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await getCancelInfo(deps, auth, request.params.membershipId) };
    },
  );

  app.post(
    '/memberships/:membershipId/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Cancel a membership',
        description:
          "`state` 'cancelled': a fixed (paid in full) membership ends now. 'scheduled': a monthly one ends on " +
          '`final_day` and no direct debit is collected after `final_payment_date`. ' +
          "'awaiting_payment' (`checkout_required`): the member has unpaid fees; they are put in the member's " +
          'basket as `penalty` lines, and once they are paid at checkout the cancellation goes through by ' +
          'itself. Asking again while it waits answers the same (and puts any new fee in the basket).',
        security,
        params: zMembershipIdParams,
        response: {
          200: zCancelMembershipResponse,
          401: unauthenticated,
          404: notFound,
          419: csrf,
          422: zErrorResponse.describe(
            'Under `membership`: the refusal message when it may not be cancelled online, or already cancelled, ' +
              'already due to be cancelled, or not in a state that can be cancelled.',
          ),
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      const { membershipId } = request.params;
      const outcome = await cancelMembership(deps, auth, membershipId);
      return { data: { ...outcome, membership: await describeMembership(membershipId) } };
    },
  );
};
