import { zErrorResponse } from '@leisure/contract/errors';
import {
  zApproveEligibilityDocumentRequest,
  zEligibilityDocumentIdParams,
  zEligibilityDocumentResponse,
  zStaffEligibilityDocumentResponse,
  zStaffEligibilityDocumentsQuery,
  zStaffEligibilityDocumentsResponse,
} from '@leisure/contract/my-memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireAuth } from '../session/session';
import { acceptUploads, admitUpload, readMultipartForm } from '../uploads/uploads.service';
import {
  approveEligibilityDocument,
  listEligibilityDocumentsForReview,
  rejectEligibilityDocument,
  uploadEligibilityDocument,
} from './eligibility-documents.service';

export interface EligibilityDocumentsRoutesOptions {
  db: Database;
  config: Config;
}

const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const unauthenticated = zErrorResponse.describe('No valid session.');
const csrf = zErrorResponse.describe(
  'A cookie-authenticated write without the matching `x-xsrf-token` header.',
);
const notFound = zErrorResponse.describe('No such membership of yours (another member’s answers the same).');

/** Proof-of-eligibility documents: the member's upload and staff review (my-account.md 2.7). */
export const eligibilityDocumentsRoutes: FastifyPluginAsyncZod<EligibilityDocumentsRoutesOptions> = async (
  app,
  { db, config },
) => {
  await acceptUploads(app, config);
  const deps = { db, config };

  app.post(
    '/my-account/eligibility/document',
    {
      config: { access: 'signed-in' },
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
      await admitUpload(db, config, auth.user.id, request.ip);
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
      config: { access: 'staff:documents.review' },
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
      return { data: await listEligibilityDocumentsForReview(deps, request.query.status) };
    },
  );

  app.post(
    '/staff/eligibility-documents/:documentId/approve',
    {
      config: { access: 'staff:documents.review' },
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
      const auth = await requireAuth(db, config, request);
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
      config: { access: 'staff:documents.review' },
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
      const auth = await requireAuth(db, config, request);
      return {
        data: await rejectEligibilityDocument(deps, auth.user.id, request.params.documentId, request.body),
      };
    },
  );
};
