import {
  zCategoriesResponse,
  zCategoryParams,
  zCategoryResponse,
  zDatesParams,
  zDatesResponse,
  zVenueParams,
  zVenuesResponse,
} from '@leisure/contract/activities';
import { zErrorResponse } from '@leisure/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  describeCategory,
  listActivityVenues,
  listBookableDates,
  listVenueCategories,
  type VenuesDeps,
} from './venues.service';

const notFound = zErrorResponse.describe(
  "No such venue, activity, category or session: `{message: 'Unable to complete request, item not found.'}`.",
);
const serverError = zErrorResponse.describe('Something has gone wrong; no details are given.');
const tags = ['activities'];

/** Discovery of activities: venues, their category trees and bookable dates (bookings-api.md: Discovery). */
export const venuesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const deps: VenuesDeps = { db, config };

  app.get(
    '/activities/venues',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The operator's venues",
        response: { 200: zVenuesResponse, 404: notFound, 500: serverError },
      },
    },
    async () => ({ data: await listActivityVenues(deps) }),
  );

  app.get(
    '/activities/venue/:venue/categories',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A venue's activity categories",
        description: 'The root categories with an activity the venue offers somewhere below them.',
        params: zVenueParams,
        response: { 200: zCategoriesResponse, 404: notFound, 500: serverError },
      },
    },
    async (request) => ({ data: await listVenueCategories(deps, request.params.venue) }),
  );

  app.get(
    '/activities/venue/:venue/categories/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A category and its children, or an activity',
        description:
          'For a category: its sub-categories and activities at this venue (`type` says which). For an ' +
          'activity (the leaves of the tree): no children, and the locations it runs in.',
        params: zCategoryParams,
        response: { 200: zCategoryResponse, 404: notFound, 500: serverError },
      },
    },
    async (request) => ({
      data: await describeCategory(deps, request.params.venue, request.params.slug, new Date()),
    }),
  );

  app.get(
    '/activities/venue/:venue/activity-category/:category/dates',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The bookable dates',
        description:
          "Today and each day up to the booking window. `{category}` is an activity's slug, or a category's " +
          '(then the widest window of its activities).',
        params: zDatesParams,
        response: { 200: zDatesResponse, 404: notFound, 500: serverError },
      },
    },
    async (request) => ({
      data: await listBookableDates(deps, request.params.venue, request.params.category, new Date()),
    }),
  );
};
