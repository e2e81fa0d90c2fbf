import {
  zActivityCreate,
  zActivityListFilter,
  zActivityUpdate,
  zAdminActivity,
  zAdminCategory,
  zAdminLocation,
  zAdminPricing,
  zAdminPricingOption,
  zAdminTicket,
  zCategoryCreate,
  zCategoryUpdate,
  zLocationCreate,
  zLocationListFilter,
  zLocationUpdate,
  zPricingOptionCreate,
  zPricingOptionUpdate,
  zTicketCreate,
  zTicketUpdate,
} from '@leisure/contract/admin/activities';
import { zAdminListQuery, zAdminPage } from '@leisure/contract/admin/lists';
import { zIdParams } from '@leisure/contract/admin/venues';
import { zErrorResponse } from '@leisure/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { forgetKeptOnChange } from '../operator/catalogue-freshness';
import { getCurrentClient } from '../operator/operator.service';
import type { StaffChangeOf } from '../operator/staff-change';
import {
  createPricingOptionSetup,
  createTicketSetup,
  getActivityPricing,
  updatePricingOptionSetup,
  updateTicketSetup,
} from './catalogue-setup.prices';
import {
  adminActivityOf,
  adminCategoryOf,
  adminLocationOf,
  createActivitySetup,
  createCategorySetup,
  createLocationSetup,
  getAdminActivity,
  getAdminCategory,
  getAdminLocation,
  listAdminActivities,
  listAdminCategories,
  listAdminLocations,
  updateActivitySetup,
  updateCategorySetup,
  updateLocationSetup,
} from './catalogue-setup.service';

const errors = {
  401: zErrorResponse.describe('Not signed in.'),
  403: zErrorResponse.describe(
    "The role lacks the permission, or the change is of a venue the venue manager does not manage, or is the whole operator's.",
  ),
  404: zErrorResponse.describe('No such record at this operator.'),
  422: zErrorResponse.describe('A field is invalid: `{message, errors: {field: [..]}}`.'),
};
const tags = ['admin'];

/** The console's Activities area (issue 47): categories, activities, locations and prices. */
export const catalogueSetupRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  staffChangeOf: StaffChangeOf;
}> = async (app, { db, config, staffChangeOf }) => {
  forgetKeptOnChange(app, config);
  const clientId = async () => (await getCurrentClient(db, config)).id;

  // ---- Categories
  app.get(
    '/admin/activity-categories',
    {
      config: { access: 'staff:activities.manage' },
      schema: {
        tags,
        summary: 'Activity categories, in order, paged and searched',
        querystring: zAdminListQuery,
        response: { 200: zAdminPage(zAdminCategory), ...errors },
      },
    },
    async (request) => listAdminCategories(db, await clientId(), request.query),
  );
  app.get(
    '/admin/activity-categories/:id',
    {
      config: { access: 'staff:activities.manage' },
      schema: {
        tags,
        summary: 'One category',
        params: zIdParams,
        response: { 200: zAdminCategory, ...errors },
      },
    },
    async (request) => getAdminCategory(db, await clientId(), request.params.id),
  );
  app.post(
    '/admin/activity-categories',
    {
      config: { access: 'staff:activities.manage' },
      schema: {
        tags,
        summary: 'Create a category (administrators)',
        body: zCategoryCreate,
        response: { 201: zAdminCategory, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createCategorySetup(db, await staffChangeOf(request), request.body);
      return reply.code(201).send(adminCategoryOf(row));
    },
  );
  app.patch(
    '/admin/activity-categories/:id',
    {
      config: { access: 'staff:activities.manage' },
      schema: {
        tags,
        summary: 'Change a category: name, parent, order',
        params: zIdParams,
        body: zCategoryUpdate,
        response: { 200: zAdminCategory, ...errors },
      },
    },
    async (request) => {
      return adminCategoryOf(
        await updateCategorySetup(db, await staffChangeOf(request), request.params.id, request.body),
      );
    },
  );

  // ---- Activities
  app.get(
    '/admin/activities',
    {
      config: { access: 'staff:activities.manage' },
      schema: {
        tags,
        summary: 'Activities by name, paged and searched; of a category or venue',
        querystring: zAdminListQuery.extend(zActivityListFilter.shape),
        response: { 200: zAdminPage(zAdminActivity), ...errors },
      },
    },
    async (request) => listAdminActivities(db, await clientId(), request.query),
  );
  app.get(
    '/admin/activities/:id',
    {
      config: { access: 'staff:activities.manage' },
      schema: {
        tags,
        summary: 'One activity',
        params: zIdParams,
        response: { 200: zAdminActivity, ...errors },
      },
    },
    async (request) => getAdminActivity(db, await clientId(), request.params.id),
  );
  app.post(
    '/admin/activities',
    {
      config: { access: 'staff:activities.manage' },
      schema: {
        tags,
        summary: 'Create an activity with its first prices (administrators)',
        body: zActivityCreate,
        response: { 201: zAdminActivity, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createActivitySetup(db, await staffChangeOf(request), request.body);
      return reply.code(201).send(adminActivityOf(row));
    },
  );
  app.patch(
    '/admin/activities/:id',
    {
      config: { access: 'staff:activities.manage' },
      schema: {
        tags,
        summary: 'Change an activity',
        description:
          "Its details are the whole operator's (administrators); a venue manager may change which of their " +
          'venues offer it. A changed release rule (booking_window_days, booking_opens_at) moves the opening ' +
          'of its future sessions.',
        params: zIdParams,
        body: zActivityUpdate,
        response: { 200: zAdminActivity, ...errors },
      },
    },
    async (request) => {
      return adminActivityOf(
        await updateActivitySetup(db, await staffChangeOf(request), request.params.id, request.body),
      );
    },
  );

  // ---- Locations
  app.get(
    '/admin/locations',
    {
      config: { access: 'staff:activities.manage' },
      schema: {
        tags,
        summary: "A venue's locations in order, paged and searched",
        querystring: zAdminListQuery.extend(zLocationListFilter.shape),
        response: { 200: zAdminPage(zAdminLocation), ...errors },
      },
    },
    async (request) => listAdminLocations(db, await clientId(), request.query),
  );
  app.get(
    '/admin/locations/:id',
    {
      config: { access: 'staff:activities.manage' },
      schema: {
        tags,
        summary: 'One location',
        params: zIdParams,
        response: { 200: zAdminLocation, ...errors },
      },
    },
    async (request) => getAdminLocation(db, await clientId(), request.params.id),
  );
  app.post(
    '/admin/locations',
    {
      config: { access: 'staff:activities.manage' },
      schema: {
        tags,
        summary: 'Create a location of a venue',
        body: zLocationCreate,
        response: { 201: zAdminLocation, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createLocationSetup(db, await staffChangeOf(request), request.body);
      return reply.code(201).send(adminLocationOf(row));
    },
  );
  app.patch(
    '/admin/locations/:id',
    {
      config: { access: 'staff:activities.manage' },
      schema: {
        tags,
        summary: 'Change a location: name, area, type, order',
        params: zIdParams,
        body: zLocationUpdate,
        response: { 200: zAdminLocation, ...errors },
      },
    },
    async (request) => {
      return adminLocationOf(
        await updateLocationSetup(db, await staffChangeOf(request), request.params.id, request.body),
      );
    },
  );

  // ---- Prices
  app.get(
    '/admin/activities/:id/pricing-options',
    {
      config: { access: 'staff:prices.manage' },
      schema: {
        tags,
        summary: "An activity's pricing options with their tickets",
        params: zIdParams,
        response: { 200: zAdminPricing, ...errors },
      },
    },
    async (request) => ({ data: await getActivityPricing(db, await clientId(), request.params.id) }),
  );
  app.post(
    '/admin/activities/:id/pricing-options',
    {
      config: { access: 'staff:prices.manage' },
      schema: {
        tags,
        summary: 'Add a pricing option (e.g. Member) to an activity',
        params: zIdParams,
        body: zPricingOptionCreate,
        response: { 201: zAdminPricingOption, ...errors },
      },
    },
    async (request, reply) => {
      const option = await createPricingOptionSetup(
        db,
        await staffChangeOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(option);
    },
  );
  app.patch(
    '/admin/pricing-options/:id',
    {
      config: { access: 'staff:prices.manage' },
      schema: {
        tags,
        summary: 'Change a pricing option',
        params: zIdParams,
        body: zPricingOptionUpdate,
        response: { 200: zAdminPricingOption, ...errors },
      },
    },
    async (request) => {
      return updatePricingOptionSetup(db, await staffChangeOf(request), request.params.id, request.body);
    },
  );
  app.post(
    '/admin/pricing-options/:id/tickets',
    {
      config: { access: 'staff:prices.manage' },
      schema: {
        tags,
        summary: 'Add a ticket (e.g. Junior) to a pricing option',
        params: zIdParams,
        body: zTicketCreate,
        response: { 201: zAdminTicket, ...errors },
      },
    },
    async (request, reply) => {
      const ticket = await createTicketSetup(
        db,
        await staffChangeOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(ticket);
    },
  );
  app.patch(
    '/admin/tickets/:id',
    {
      config: { access: 'staff:prices.manage' },
      schema: {
        tags,
        summary: "Change a ticket's name or amount",
        description:
          'The next basket add is priced with it; lines already in baskets and orders keep their amount.',
        params: zIdParams,
        body: zTicketUpdate,
        response: { 200: zAdminTicket, ...errors },
      },
    },
    async (request) => {
      return updateTicketSetup(db, await staffChangeOf(request), request.params.id, request.body);
    },
  );
};
