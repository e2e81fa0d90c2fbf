import { zAdminListQuery } from '@leisure/contract/admin/lists';
import {
  zAdminIdParams,
  zAdminMembershipCategory,
  zAdminMembershipCategoryPage,
  zAdminMembershipCategoryRequest,
  zAdminMembershipCategoryUpdate,
  zAdminMembershipType,
  zAdminMembershipTypePage,
  zAdminMembershipTypeRequest,
  zAdminMembershipTypeUpdateRequest,
  zAdminPaymentOption,
  zAdminPaymentOptionList,
  zAdminPaymentOptionRequest,
  zAdminPaymentOptionUpdateRequest,
  zAdminTypeIdParams,
} from '@leisure/contract/admin/memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireAuth } from '../session/session';
import {
  presentCategory,
  presentPaymentOption,
  presentType,
  presentTypeSummary,
} from './membership-setup.presenters';
import {
  changeMembershipCategory,
  changeMembershipType,
  changePaymentOption,
  createMembershipCategory,
  createMembershipType,
  createPaymentOption,
  getMembershipCategory,
  getMembershipType,
  getPaymentOption,
  listMembershipCategories,
  listMembershipTypesForSetup,
  listPaymentOptionsForSetup,
  removeMembershipCategory,
} from './membership-setup.service';
import { staffChanger } from './setup-changer';
import { adminErrors, adminSecurity, adminTags } from './setup-openapi';

export interface MembershipSetupRoutesOptions {
  db: Database;
  config: Config;
}

const common = { tags: adminTags, security: adminSecurity };

/**
 * The console's membership catalogue (issue 47): categories, types (with categories, venues,
 * eligibility, benefits and guest-pass allowances) and payment options. Prices need `prices.manage`.
 */
export const membershipSetupRoutes: FastifyPluginAsyncZod<MembershipSetupRoutesOptions> = async (
  app,
  { db, config },
) => {
  const changer = async (request: Parameters<typeof requireAuth>[2]) =>
    staffChanger(await requireAuth(db, config, request), request);
  const clientOf = async (request: Parameters<typeof requireAuth>[2]) =>
    (await requireAuth(db, config, request)).user.clientId;

  // ---- Categories
  app.get(
    '/admin/membership-categories',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Membership categories',
        description: 'Paged; `q` searches the name.',
        querystring: zAdminListQuery,
        response: { 200: zAdminMembershipCategoryPage, ...adminErrors },
      },
    },
    async (request) => {
      const { rows, total } = await listMembershipCategories(db, await clientOf(request), request.query);
      return {
        data: rows.map(presentCategory),
        meta: { page: request.query.page, per_page: request.query.per_page, total },
      };
    },
  );
  app.get(
    '/admin/membership-categories/:id',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'A membership category',
        params: zAdminIdParams,
        response: { 200: zAdminMembershipCategory, ...adminErrors },
      },
    },
    async (request) =>
      presentCategory(await getMembershipCategory(db, await clientOf(request), request.params.id)),
  );
  app.post(
    '/admin/membership-categories',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Add a membership category',
        body: zAdminMembershipCategoryRequest,
        response: { 201: zAdminMembershipCategory, ...adminErrors },
      },
    },
    async (request, reply) => {
      const row = await createMembershipCategory(db, await changer(request), request.body);
      return reply.status(201).send(presentCategory(row));
    },
  );
  app.patch(
    '/admin/membership-categories/:id',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Change a membership category',
        params: zAdminIdParams,
        body: zAdminMembershipCategoryUpdate,
        response: { 200: zAdminMembershipCategory, ...adminErrors },
      },
    },
    async (request) =>
      presentCategory(
        await changeMembershipCategory(db, await changer(request), request.params.id, request.body),
      ),
  );
  app.delete(
    '/admin/membership-categories/:id',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Remove a membership category',
        description: 'Its types stay; they are only no longer in it.',
        params: zAdminIdParams,
        response: { 204: z.null().describe('Removed.'), ...adminErrors },
      },
    },
    async (request, reply) => {
      await removeMembershipCategory(db, await changer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- Types
  app.get(
    '/admin/membership-types',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Membership types',
        description: 'Active and archived, paged; `q` searches the name and slug.',
        querystring: zAdminListQuery,
        response: { 200: zAdminMembershipTypePage, ...adminErrors },
      },
    },
    async (request) => {
      const { rows, total } = await listMembershipTypesForSetup(db, await clientOf(request), request.query);
      return {
        data: rows.map(presentTypeSummary),
        meta: { page: request.query.page, per_page: request.query.per_page, total },
      };
    },
  );
  app.get(
    '/admin/membership-types/:id',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'A membership type',
        params: zAdminIdParams,
        response: { 200: zAdminMembershipType, ...adminErrors },
      },
    },
    async (request) => presentType(await getMembershipType(db, await clientOf(request), request.params.id)),
  );
  app.post(
    '/admin/membership-types',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Add a membership type',
        body: zAdminMembershipTypeRequest,
        response: { 201: zAdminMembershipType, ...adminErrors },
      },
    },
    async (request, reply) => {
      const view = await createMembershipType(db, await changer(request), request.body);
      return reply.status(201).send(presentType(view));
    },
  );
  app.patch(
    '/admin/membership-types/:id',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Change or archive a membership type',
        description:
          '`active: false` archives it (no longer sold; members keep it). Lists given replace the whole list.',
        params: zAdminIdParams,
        body: zAdminMembershipTypeUpdateRequest,
        response: { 200: zAdminMembershipType, ...adminErrors },
      },
    },
    async (request) =>
      presentType(await changeMembershipType(db, await changer(request), request.params.id, request.body)),
  );

  // ---- Payment options
  app.get(
    '/admin/membership-types/:typeId/payment-options',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: "A membership type's payment options",
        params: zAdminTypeIdParams,
        response: { 200: zAdminPaymentOptionList, ...adminErrors },
      },
    },
    async (request) => ({
      data: (await listPaymentOptionsForSetup(db, await clientOf(request), request.params.typeId)).map(
        presentPaymentOption,
      ),
    }),
  );
  app.post(
    '/admin/membership-types/:typeId/payment-options',
    {
      config: { access: 'staff:prices.manage' },
      schema: {
        ...common,
        summary: 'Add a payment option',
        params: zAdminTypeIdParams,
        body: zAdminPaymentOptionRequest,
        response: { 201: zAdminPaymentOption, ...adminErrors },
      },
    },
    async (request, reply) => {
      const row = await createPaymentOption(db, await changer(request), request.params.typeId, request.body);
      return reply.status(201).send(presentPaymentOption(row));
    },
  );
  app.get(
    '/admin/membership-payment-options/:id',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'A payment option',
        params: zAdminIdParams,
        response: { 200: zAdminPaymentOption, ...adminErrors },
      },
    },
    async (request) =>
      presentPaymentOption(await getPaymentOption(db, await clientOf(request), request.params.id)),
  );
  app.patch(
    '/admin/membership-payment-options/:id',
    {
      config: { access: 'staff:prices.manage' },
      schema: {
        ...common,
        summary: 'Change or withdraw a payment option',
        description:
          'A new price applies to new purchases only: existing memberships keep what they were priced with. ' +
          '`active: false` withdraws it from sale.',
        params: zAdminIdParams,
        body: zAdminPaymentOptionUpdateRequest,
        response: { 200: zAdminPaymentOption, ...adminErrors },
      },
    },
    async (request) =>
      presentPaymentOption(
        await changePaymentOption(db, await changer(request), request.params.id, request.body),
      ),
  );
};
