import { zAdminListQuery, zAdminPage } from '@leisure/contract/admin/lists';
import {
  zAdminIdParams,
  zAdminWaiver,
  zAdminWaiverResponse,
  zCreateWaiverRequest,
  zUpdateWaiverRequest,
} from '@leisure/contract/admin/operator';
import { zErrorResponse } from '@leisure/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { actorOf } from '../audit/audit.service';
import { getCurrentClient } from '../operator/operator.service';
import { requireAuth } from '../session/session';
import {
  addWaiver,
  changeWaiver,
  listAdminWaivers,
  readAdminWaiver,
  type WaiverActor,
} from './waivers-setup.service';

const errors = {
  401: zErrorResponse.describe('Not signed in.'),
  403: zErrorResponse.describe('Not allowed.'),
  404: zErrorResponse.describe('No such waiver.'),
  422: zErrorResponse.describe('Invalid: `{message, errors: {field: [..]}}`.'),
};

/** `api/admin/waivers`: the console's waivers with their questions (issue 47). */
export const waiversSetupRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const clientIdOf = async () => (await getCurrentClient(db, config)).id;
  const actor = async (request: FastifyRequest): Promise<WaiverActor> => {
    const auth = await requireAuth(db, config, request);
    return { viewer: { user: auth.user, staffVenueIds: auth.staffVenueIds }, audit: actorOf(auth.user) };
  };
  const access = { access: 'staff:operator.manage' as const };
  const tags = ['admin'];

  app.get(
    '/admin/waivers',
    {
      config: access,
      schema: {
        tags,
        summary: 'The waivers, active or not',
        querystring: zAdminListQuery,
        response: { 200: zAdminPage(zAdminWaiver), ...errors },
      },
    },
    async (request) => listAdminWaivers(db, await clientIdOf(), request.query),
  );

  app.get(
    '/admin/waivers/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'One waiver',
        params: zAdminIdParams,
        response: { 200: zAdminWaiverResponse, ...errors },
      },
    },
    async (request) => ({ data: await readAdminWaiver(db, await clientIdOf(), request.params.id) }),
  );

  app.post(
    '/admin/waivers',
    {
      config: access,
      schema: {
        tags,
        summary: 'Adds a waiver',
        body: zCreateWaiverRequest,
        response: { 201: zAdminWaiverResponse, ...errors },
      },
    },
    async (request, reply) => {
      const waiver = await addWaiver(db, await clientIdOf(), await actor(request), request.body);
      return reply.code(201).send({ data: waiver });
    },
  );

  app.patch(
    '/admin/waivers/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Changes or deactivates a waiver',
        description: 'A waiver is deactivated (`active: false`), never deleted: its signatures stay.',
        params: zAdminIdParams,
        body: zUpdateWaiverRequest,
        response: { 200: zAdminWaiverResponse, ...errors },
      },
    },
    async (request) => ({
      data: await changeWaiver(db, await clientIdOf(), await actor(request), request.params.id, request.body),
    }),
  );
};
