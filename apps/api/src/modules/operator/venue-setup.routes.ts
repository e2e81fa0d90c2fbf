import { zAdminListQuery, zAdminPage } from '@leisure/contract/admin/lists';
import { zAdminVenue, zIdParams, zVenueCreate, zVenueUpdate } from '@leisure/contract/admin/venues';
import { zErrorResponse } from '@leisure/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { forgetKeptOnChange } from './catalogue-freshness';
import { getCurrentClient } from './operator.service';
import type { StaffChangeOf } from './staff-change';
import {
  adminVenueOf,
  createVenueSetup,
  getAdminVenue,
  listAdminVenues,
  updateVenueSetup,
} from './venue-setup.service';

const errors = {
  401: zErrorResponse.describe('Not signed in.'),
  403: zErrorResponse.describe(
    'The role lacks venues.manage, or the venue is not one the venue manager manages.',
  ),
  404: zErrorResponse.describe('No such venue at this operator.'),
  422: zErrorResponse.describe('A field is invalid: `{message, errors: {field: [..]}}`.'),
};

/** The console's Venues area (issue 47): `api/admin/venues`. */
export const venueSetupRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  staffChangeOf: StaffChangeOf;
}> = async (app, { db, config, staffChangeOf }) => {
  forgetKeptOnChange(app, config);
  app.get(
    '/admin/venues',
    {
      config: { access: 'staff:venues.manage' },
      schema: {
        tags: ['admin'],
        summary: "The operator's venues, by name, paged and searched",
        querystring: zAdminListQuery,
        response: { 200: zAdminPage(zAdminVenue), ...errors },
      },
    },
    async (request) => {
      const client = await getCurrentClient(db, config);
      return listAdminVenues(db, client.id, request.query);
    },
  );

  app.get(
    '/admin/venues/:id',
    {
      config: { access: 'staff:venues.manage' },
      schema: {
        tags: ['admin'],
        summary: 'One venue',
        params: zIdParams,
        response: { 200: zAdminVenue, ...errors },
      },
    },
    async (request) => {
      const client = await getCurrentClient(db, config);
      return getAdminVenue(db, client.id, request.params.id);
    },
  );

  app.post(
    '/admin/venues',
    {
      config: { access: 'staff:venues.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Create a venue (administrators)',
        description: "Its slug names it in customers' links and never changes; a slug in use answers 422.",
        body: zVenueCreate,
        response: { 201: zAdminVenue, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createVenueSetup(db, await staffChangeOf(request), request.body);
      return reply.code(201).send(adminVenueOf(row));
    },
  );

  app.patch(
    '/admin/venues/:id',
    {
      config: { access: 'staff:venues.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Change a venue',
        description: 'Any of the fields; the slug never changes. A venue manager changes only their venues.',
        params: zIdParams,
        body: zVenueUpdate,
        response: { 200: zAdminVenue, ...errors },
      },
    },
    async (request) => {
      return adminVenueOf(
        await updateVenueSetup(db, await staffChangeOf(request), request.params.id, request.body),
      );
    },
  );
};
