import { zErrorResponse } from '@leisure/contract/errors';
import { zGeocodeQuery, zGeocodeResponse } from '@leisure/contract/geocoding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Geocoder } from '../../providers/geocoding/geocoder';
import { findPlaces } from './geocoding.service';

/** Suggestions the map shows at most for one search. */
const maxPlaces = 5;

export const geocodingRoutes: FastifyPluginAsyncZod<{ geocoder: Geocoder }> = async (app, { geocoder }) => {
  app.get(
    '/online-joining/geocode',
    {
      config: { access: 'public' },
      schema: {
        tags: ['online-joining'],
        summary: 'Find a UK place for the joining map',
        description:
          'The coordinates lookup of the map search (joining-and-payments.md 4): best match first, at most ' +
          `${maxPlaces}; an empty list when the place is not known. Served by the configured geocoding ` +
          'provider (GEOCODER; the built-in offline gazetteer of UK places by default). A UK postcode, full ' +
          'or outward, is looked up only by a provider that finds postcodes (`finds_postcodes`, a maps service).',
        querystring: zGeocodeQuery,
        response: {
          200: zGeocodeResponse,
          422: zErrorResponse.describe('`q` is missing, shorter than 2 or longer than 100 characters.'),
        },
      },
    },
    async (request, reply) => {
      // Places do not move: let browsers and proxies keep answers for a day.
      reply.header('cache-control', 'public, max-age=86400');
      const found = await findPlaces(geocoder, request.query.q, maxPlaces);
      return { data: found.places, finds_postcodes: found.findsPostcodes };
    },
  );
};
