import { zErrorResponse } from '@leisure/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireAccess } from '../session/access';
import { requireAuth } from '../session/session';
import { findUpload, sendUpload } from './uploads.service';

export interface UploadsRoutesOptions {
  db: Database;
  config: Config;
}

const zUploadParams = z.object({ uploadId: z.coerce.number().int().positive() });

/** Downloads of uploaded files: the owner's own, or, for staff reviewing them, any of this operator's members'. */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, { db, config }) => {
  app.get(
    '/my-account/uploads/:uploadId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Download one of your uploaded files',
        description:
          'The bytes of a document, freeze proof or photo you uploaded, as an attachment with the type found ' +
          "by its content. Staff may download any upload of this operator's members (to review it). 404 for anyone " +
          "else's, and for staff, for another operator's.",
        security: [{ bearer: [] }, { cookie: [] }],
        params: zUploadParams,
        response: {
          200: z.any().describe('The file (image/jpeg, image/png or application/pdf).'),
          401: zErrorResponse.describe('No valid session.'),
          404: zErrorResponse.describe('No such upload of yours.'),
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      // The member's own; staff reviewing a proof, any of this operator's members'.
      const upload = requireAccess(auth, await findUpload(db, request.params.uploadId), {
        staff: 'uploads.read',
      });
      return sendUpload(reply, db, config, upload);
    },
  );
};
