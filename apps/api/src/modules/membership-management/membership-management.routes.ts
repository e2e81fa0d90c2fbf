import { zErrorResponse } from '@leisure/contract/errors';
import {
  zApproveEligibilityDocumentRequest,
  zCancelInfoResponse,
  zCancelMembershipResponse,
  zEligibilityDocumentIdParams,
  zEligibilityDocumentResponse,
  zMembershipIdParams,
  zMyMembershipsResponse,
  zStaffEligibilityDocumentResponse,
  zStaffEligibilityDocumentsQuery,
  zStaffEligibilityDocumentsResponse,
} from '@leisure/contract/membership-management';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';
import { requireAuth, requireStaff } from '../session/session';
import { readMultipartForm } from '../uploads/uploads.service';
import {
  approveEligibilityDocument,
  cancelMembership,
  getCancelInfo,
  listEligibilityDocumentsForReview,
  listMyMemberships,
  rejectEligibilityDocument,
  uploadEligibilityDocument,
} from './membership-management.service';

export interface MembershipManagementRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const unauthenticated = zErrorResponse.describe('No valid session.');
const csrf = zErrorResponse.describe(
  'A cookie-authenticated write without the matching `x-xsrf-token` header.',
);
const notFound = zErrorResponse.describe('No such membership of yours (another member’s answers the same).');

/** The member's memberships: list, cancel, eligibility documents (my-account.md 2.6, 2.7). */
export const membershipManagementRoutes: FastifyPluginAsyncZod<MembershipManagementRoutesOptions> = async (
  app,
  { db, config },
) => {
  const deps = { db, config, holds: app.holdKeeper };

  app.get(
    '/my-account/user/memberships',
    {
      schema: {
        tags: ['my-account'],
        summary: 'Your memberships',
        description:
          'Every membership of the signed-in member: pending, active, frozen, then the others, newest first ' +
          "within each. `status` is 'freeze pending' or 'freeze pending approval' while a freeze waits. " +
          '`document` is the latest eligibility document; `document_upload_required` says the card should ask ' +
          'for one. `cancellation` is set once the member asked to cancel. A cancellation waiting for debts ' +
          'that are now paid goes through before the list is answered.',
        security,
        response: { 200: zMyMembershipsResponse, 401: unauthenticated },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await listMyMemberships(deps, auth) };
    },
  );

  app.get(
    '/memberships/:membershipId/cancel',
    {
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
      return { data: await cancelMembership(deps, auth, request.params.membershipId) };
    },
  );

  app.post(
    '/my-account/eligibility/document',
    {
      schema: {
        tags: ['my-account'],
        summary: 'Upload a proof-of-eligibility document',
        description:
          'multipart/form-data: `document` (a JPEG, PNG or PDF by its content, at most 20,000,000 bytes), ' +
          '`eligibility_document_type_id` (one of the membership type’s `document_types`), `membership_id`, ' +
          '`eligibility_criterion_id` (the type’s `eligibility_criterion.id`). The document waits for review ' +
          '(up to 5 working days); the newest one counts.',
        security,
        consumes: ['multipart/form-data'],
        response: {
          201: zEligibilityDocumentResponse,
          401: unauthenticated,
          404: notFound,
          419: csrf,
          422: zErrorResponse.describe(
            "Field messages under `document` ('File size exceeds 20mb.', not a JPEG, PNG or PDF, missing), " +
              '`eligibility_document_type_id`, `membership_id`, `eligibility_criterion_id`.',
          ),
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      const form = await readMultipartForm(request);
      const document = await uploadEligibilityDocument(deps, auth, form);
      return reply.status(201).send({ data: document });
    },
  );

  const staffResponses = {
    200: zStaffEligibilityDocumentResponse,
    401: unauthenticated,
    403: zErrorResponse.describe('Not a staff user.'),
    404: zErrorResponse.describe('No such document.'),
    419: csrf,
  };

  app.get(
    '/staff/eligibility-documents',
    {
      schema: {
        tags: ['staff'],
        summary: 'Eligibility documents to review',
        description:
          'Staff only. The operator’s documents in `status` (default pending), oldest first, at most 200, with the ' +
          'customer and membership each is for. Download one with GET api/my-account/uploads/{upload_id}.',
        security,
        querystring: zStaffEligibilityDocumentsQuery,
        response: {
          200: zStaffEligibilityDocumentsResponse,
          401: unauthenticated,
          403: zErrorResponse.describe('Not a staff user.'),
          422: zErrorResponse.describe('Under `status`: not pending, approved or rejected.'),
        },
      },
    },
    async (request) => {
      await requireStaff(db, config, request);
      return { data: await listEligibilityDocumentsForReview(deps, request.query.status) };
    },
  );

  app.post(
    '/staff/eligibility-documents/:documentId/approve',
    {
      schema: {
        tags: ['staff'],
        summary: 'Approve an eligibility document',
        description:
          'Staff only. Approves a pending document (optionally with the day the proof expires, `expires_on`); a ' +
          'membership suspended for an overdue document becomes active again.',
        security,
        params: zEligibilityDocumentIdParams,
        body: zApproveEligibilityDocumentRequest,
        response: {
          ...staffResponses,
          422: zErrorResponse.describe("Under `document`: 'This document has already been reviewed.'"),
        },
      },
    },
    async (request) => {
      const auth = await requireStaff(db, config, request);
      return {
        data: await approveEligibilityDocument(
          deps,
          auth.user.id,
          request.params.documentId,
          request.body ?? undefined,
        ),
      };
    },
  );

  app.post(
    '/staff/eligibility-documents/:documentId/reject',
    {
      schema: {
        tags: ['staff'],
        summary: 'Reject an eligibility document',
        description:
          'Staff only. Rejects a pending document with a `reason` the member sees: "Latest document upload was ' +
          'rejected: {reason}. Please try upload again".',
        security,
        params: zEligibilityDocumentIdParams,
        body: z.object({ reason: z.unknown() }).partial(),
        response: {
          ...staffResponses,
          422: zErrorResponse.describe('Under `reason` (required, at most 500 characters) or `document`.'),
        },
      },
    },
    async (request) => {
      const auth = await requireStaff(db, config, request);
      return {
        data: await rejectEligibilityDocument(deps, auth.user.id, request.params.documentId, request.body),
      };
    },
  );
};
