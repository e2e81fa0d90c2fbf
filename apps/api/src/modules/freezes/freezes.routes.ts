import { zErrorResponse } from '@leisure/contract/errors';
import {
  zFreezeIdParams,
  zFreezeTypesResponse,
  zMembershipFreezeResponse,
  zRejectFreezeRequest,
  zStaffMembershipFreezesQuery,
  zStaffMembershipFreezesResponse,
} from '@leisure/contract/freezes';
import { zMembershipChangeParams } from '@leisure/contract/membership-lifecycle';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';
import { requireAuth } from '../session/session';
import { acceptUploads, admitUpload, readMultipartForm } from '../uploads/uploads.service';
import {
  approveFreeze,
  listFreezesToReview,
  listFreezeTypes,
  rejectFreeze,
  requestFreeze,
} from './freezes.service';

export interface FreezesRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

const security: { [name: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const unauthenticated = zErrorResponse.describe('No valid session.');
const notFound = zErrorResponse.describe(
  'No such membership of yours (other members’ memberships are not found).',
);
const csrf = zErrorResponse.describe(
  'A cookie-authenticated write without the matching `x-xsrf-token` header.',
);

/** Freezing a membership: the member's request, staff review (my-account.md 2.6 "Freeze modal"). */
export const freezesRoutes: FastifyPluginAsyncZod<FreezesRoutesOptions> = async (app, { db, config }) => {
  await acceptUploads(app, config);
  const deps = { db, config };

  app.get(
    '/my-account/user/memberships/:membershipId/freezetypes',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Freeze reasons, periods and start-date limits',
        description:
          'The operator’s freeze types: reason, time periods (labels whose first word is the number of months), ' +
          'optional proof of eligibility (description, document type), and the earliest and latest start dates.',
        security,
        params: zMembershipChangeParams,
        response: { 200: zFreezeTypesResponse, 401: unauthenticated, 404: notFound },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await listFreezeTypes(deps, auth, request.params.membershipId) };
    },
  );

  app.post(
    '/my-account/user/memberships/:membershipId/freeze',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Ask to freeze a membership',
        description:
          'multipart/form-data: `freeze_type_id`, `active_from` (YYYY-MM-DD), `months`, optional `document_type`, ' +
          'and `file` (JPEG, PNG or PDF by content, at most 20,000,000 bytes; required when the freeze type asks for ' +
          'proof). The request waits for staff approval (up to 5 working days); the membership stays active until ' +
          'the freeze starts. One open freeze per membership: a second request while one is pending is refused.',
        security,
        consumes: ['multipart/form-data'],
        params: zMembershipChangeParams,
        response: {
          201: zMembershipFreezeResponse,
          401: unauthenticated,
          404: notFound,
          419: csrf,
          422: zErrorResponse.describe(
            'Under `freeze_type_id` (missing or not offered), `active_from` (missing, invalid, in the past or ' +
              'outside the type’s limits), `months` (not a period of the type), `file` (required proof, size, ' +
              "type) and `membership_id` ('Membership freeze is pending', 'Membership is not freezable').",
          ),
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      await admitUpload(db, config, auth.user.id, request.ip);
      const form = await readMultipartForm(request);
      const freeze = await requestFreeze(deps, auth, request.params.membershipId, form);
      return reply.status(201).send({ data: freeze });
    },
  );

  const staffResponses = {
    200: zMembershipFreezeResponse,
    401: unauthenticated,
    403: zErrorResponse.describe('Not a staff user.'),
    404: zErrorResponse.describe('No such freeze request.'),
    419: csrf,
    422: zErrorResponse.describe('Under `freeze`: already reviewed; under `reason`: missing.'),
  };

  app.get(
    '/staff/membership-freezes',
    {
      config: { access: 'staff:freezes.review' },
      schema: {
        tags: ['staff'],
        summary: 'Freeze requests to review',
        description:
          'Staff only. The operator’s freeze requests in `status` (default `pending_approval`: waiting for staff), ' +
          'oldest first, at most 200: the member, the membership (reference, type, status), the reason, ' +
          '`active_from`, `months`, `ends_on`, when it was asked for, and the proof with `proof_download_url` ' +
          '(GET api/my-account/uploads/{upload_id}, which staff may download). Approve or reject each with ' +
          'POST api/staff/membership-freezes/{id}/approve | reject.',
        security,
        querystring: zStaffMembershipFreezesQuery,
        response: {
          200: zStaffMembershipFreezesResponse,
          401: unauthenticated,
          403: zErrorResponse.describe('Not a staff user.'),
          422: zErrorResponse.describe(
            'Under `status`: not pending_approval, approved, active, completed or rejected.',
          ),
        },
      },
    },
    async (request) => {
      return { data: await listFreezesToReview(deps, request.query.status) };
    },
  );

  app.post(
    '/staff/membership-freezes/:id/approve',
    {
      config: { access: 'staff:freezes.review' },
      schema: {
        tags: ['staff'],
        summary: 'Approve a freeze request',
        description:
          'The freeze starts on its start date (the freeze job), and the membership is frozen until it ends.',
        security,
        params: zFreezeIdParams,
        response: staffResponses,
      },
    },
    async (request) => {
      const staff = await requireAuth(db, config, request);
      return { data: await approveFreeze(deps, staff, request.params.id) };
    },
  );

  app.post(
    '/staff/membership-freezes/:id/reject',
    {
      config: { access: 'staff:freezes.review' },
      schema: {
        tags: ['staff'],
        summary: 'Reject a freeze request',
        security,
        params: zFreezeIdParams,
        body: zRejectFreezeRequest,
        response: staffResponses,
      },
    },
    async (request) => {
      const staff = await requireAuth(db, config, request);
      return { data: await rejectFreeze(deps, staff, request.params.id, request.body.reason) };
    },
  );
};
