import { zAdminListQuery } from '@leisure/contract/admin/lists';
import {
  zAdminFreezeType,
  zAdminFreezeTypePage,
  zAdminFreezeTypeRequest,
  zAdminFreezeTypeUpdateRequest,
  zAdminIdParams,
} from '@leisure/contract/admin/memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { staffChanger } from '../membership-catalogue/setup-changer';
import { adminErrors, adminSecurity, adminTags } from '../membership-catalogue/setup-openapi';
import { requireAuth } from '../session/session';
import {
  changeFreezeType,
  createFreezeType,
  getFreezeType,
  listFreezeTypesForSetup,
} from './freeze-type-setup.service';
import type { FreezeTypeRow } from './freezes.repository';

export interface FreezeTypeSetupRoutesOptions {
  db: Database;
  config: Config;
}

function presentFreezeType(row: FreezeTypeRow) {
  return {
    id: row.id,
    reason: row.reason,
    time_periods: row.timePeriods,
    proof_description: row.proofDescription,
    proof_document_type: row.proofDocumentType,
    min_start_days_ahead: row.minStartDaysAhead,
    max_start_days_ahead: row.maxStartDaysAhead,
    position: row.position,
    active: row.active,
  };
}

const common = { tags: adminTags, security: adminSecurity };

/** The console's freeze types (issue 47): `memberships.manage`. */
export const freezeTypeSetupRoutes: FastifyPluginAsyncZod<FreezeTypeSetupRoutesOptions> = async (
  app,
  { db, config },
) => {
  app.get(
    '/admin/freeze-types',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Freeze types',
        description: 'Active and archived, paged; `q` searches the reason.',
        querystring: zAdminListQuery,
        response: { 200: zAdminFreezeTypePage, ...adminErrors },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      const { rows, total } = await listFreezeTypesForSetup(db, auth.user.clientId, request.query);
      return {
        data: rows.map(presentFreezeType),
        meta: { page: request.query.page, per_page: request.query.per_page, total },
      };
    },
  );
  app.get(
    '/admin/freeze-types/:id',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'A freeze type',
        params: zAdminIdParams,
        response: { 200: zAdminFreezeType, ...adminErrors },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return presentFreezeType(await getFreezeType(db, auth.user.clientId, request.params.id));
    },
  );
  app.post(
    '/admin/freeze-types',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Add a freeze type',
        body: zAdminFreezeTypeRequest,
        response: { 201: zAdminFreezeType, ...adminErrors },
      },
    },
    async (request, reply) => {
      const changer = staffChanger(await requireAuth(db, config, request), request);
      return reply.status(201).send(presentFreezeType(await createFreezeType(db, changer, request.body)));
    },
  );
  app.patch(
    '/admin/freeze-types/:id',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Change or archive a freeze type',
        params: zAdminIdParams,
        body: zAdminFreezeTypeUpdateRequest,
        response: { 200: zAdminFreezeType, ...adminErrors },
      },
    },
    async (request) => {
      const changer = staffChanger(await requireAuth(db, config, request), request);
      return presentFreezeType(await changeFreezeType(db, changer, request.params.id, request.body));
    },
  );
};
