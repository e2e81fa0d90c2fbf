import {
  zProfilePhotoResponse,
  zSignWaiverRequest,
  zWaiverParams,
  zWaiverResponse,
  zWaiversResponse,
} from '@leisure/contract/documents';
import { zErrorResponse } from '@leisure/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';
import { requireAuth } from '../session/session';
import { acceptUploads, admitUpload, readMultipartForm } from '../uploads/uploads.service';
import {
  deleteProfilePhoto,
  dismissProfilePhotoReminder,
  getWaiver,
  listWaivers,
  type Member,
  readProfilePhoto,
  saveProfilePhoto,
  signWaiver,
} from './documents.service';

export interface DocumentsRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const unauthenticated = zErrorResponse.describe('No valid session.');
const csrf = zErrorResponse.describe(
  'A cookie-authenticated write without the matching `x-xsrf-token` header.',
);
const photoNotAllowed = zErrorResponse.describe(
  'Profile photos are not allowed for this account (`profile_photo.authorisation.allowed` is false).',
);
const waiverNotFound = zErrorResponse.describe(
  "No active waiver with this slug at this operator: 'Could not find this waiver.'",
);

/** The profile photo and waivers (my-account.md 2.8, 2.10); eligibility documents have their own module. */
export const documentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (app, { db, config }) => {
  await acceptUploads(app, config);
  const deps = { db, config };
  const memberOf = (user: { id: number; clientId: number; firstName: string; lastName: string }): Member => ({
    id: user.id,
    clientId: user.clientId,
    firstName: user.firstName,
    lastName: user.lastName,
  });

  // ---- Profile photo (my-account.md 2.10) ----

  app.post(
    '/my-account/user/profile-photo',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Set or replace your profile photo',
        description:
          'multipart/form-data with one file in the field `photo`: a JPEG or PNG (by its content, not its name), ' +
          'at most 20,000,000 bytes. The server turns it upright by its EXIF orientation, crops the centre ' +
          'square, resizes it to 400x400 and stores it as a JPEG with no metadata. The previous photo and its ' +
          'file are deleted. Answers the new `profile_photo` of `GET auth/user`.',
        security,
        consumes: ['multipart/form-data'],
        response: {
          200: zProfilePhotoResponse,
          401: unauthenticated,
          403: photoNotAllowed,
          419: csrf,
          422: zErrorResponse.describe(
            "Under `photo`: missing, 'File size exceeds 20mb.', not a JPEG or PNG, or not a readable image.",
          ),
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      await admitUpload(db, config, auth.user.id, request.ip);
      const form = await readMultipartForm(request);
      return { data: await saveProfilePhoto(deps, auth.user.id, form) };
    },
  );

  app.delete(
    '/my-account/user/profile-photo',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Delete your profile photo',
        description:
          'Deletes the photo and its file. Without a photo this changes nothing and answers the same.',
        security,
        response: { 200: zProfilePhotoResponse, 401: unauthenticated, 403: photoNotAllowed, 419: csrf },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await deleteProfilePhoto(deps, auth.user.id) };
    },
  );

  app.get(
    '/my-account/user/profile-photo',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Your profile photo (image)',
        description:
          "The signed-in member's own photo as image/jpeg (the `profile_photo.url` of `GET auth/user`). There is " +
          "no way to name another member's photo. Kept by no cache (`cache-control: no-store`), as every personal read.",
        security,
        querystring: z.object({ v: z.string().max(20).optional() }),
        response: {
          200: z.any().describe('The photo, image/jpeg, 400x400.'),
          401: unauthenticated,
          404: zErrorResponse.describe('No photo is set.'),
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      const bytes = await readProfilePhoto(deps, auth.user.id);
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-disposition', 'inline; filename="profile-photo.jpg"')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );

  app.post(
    '/my-account/user/profile-photo/reminder/dismiss',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Dismiss the profile photo reminder',
        description:
          'Records that the member closed the reminder to add a photo; `reminder.dismissed` becomes true.',
        security,
        response: { 200: zProfilePhotoResponse, 401: unauthenticated, 419: csrf },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await dismissProfilePhotoReminder(deps, auth.user.id) };
    },
  );

  // ---- Waivers (my-account.md 2.8) ----

  app.get(
    '/my-account/user/waivers',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Your waivers, grouped by restriction',
        description:
          "The operator's active waivers grouped by restriction (type 'pre-waiver' or 'enhanced-pre-waiver'), each " +
          'with your signature: `signed` (when), `expires` (when it runs out; null if it does not), `expired`. ' +
          'Waivers whose signature has run out are left out of this list; open them by slug to sign again.',
        security,
        response: { 200: zWaiversResponse, 401: unauthenticated },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const auth = await requireAuth(db, config, request);
      return { data: await listWaivers(deps, memberOf(auth.user)) };
    },
  );

  app.get(
    '/my-account/user/waivers/:slug',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'One waiver with your signature',
        description: 'The terms (operator HTML), questions, attendee and signature state of one waiver.',
        security,
        params: zWaiverParams,
        response: { 200: zWaiverResponse, 401: unauthenticated, 404: waiverNotFound },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const auth = await requireAuth(db, config, request);
      return { data: await getWaiver(deps, memberOf(auth.user), request.params.slug) };
    },
  );

  app.post(
    '/my-account/user/waivers/:slug/sign',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Sign a waiver ("I agree")',
        description:
          'Signs the waiver for you with `answers` keyed by question `reference` (an answer id for radio questions, ' +
          "text for text questions). Unsigned or expired: a new signature, lasting the waiver's `validity_days`. " +
          'Already signed and not expired: nothing changes (one live signature). Answers the waiver.',
        security,
        params: zWaiverParams,
        body: zSignWaiverRequest,
        response: {
          200: zWaiverResponse,
          401: unauthenticated,
          404: waiverNotFound,
          419: csrf,
          422: zErrorResponse.describe(
            "Under `answers.{reference}`: 'Please answer this question.' (a required question), 'Please choose one " +
              "of the answers.', a text over 500 characters, or a reference the waiver does not ask.",
          ),
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await signWaiver(deps, memberOf(auth.user), request.params.slug, request.body) };
    },
  );
};
