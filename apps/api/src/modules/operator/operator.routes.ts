import { zErrorResponse } from '@leisure/contract/errors';
import {
  zClientResponse,
  zFooterQuery,
  zFooterResponse,
  zTermsQuery,
  zTermsResponse,
  zThemeQuery,
  zThemeResponse,
} from '@leisure/contract/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { storedLinkUrls } from '../../lib/public-urls';
import { type BasketTermContexts, describeClient, getFooterHtml, listTerms } from './operator.service';
import { createThemeReader, etagMatches } from './theme.service';

const notFound = zErrorResponse.describe('No operator, or no venue with that slug.');
const invalid = zErrorResponse.describe('A query value is invalid: `{message, errors: {field: [..]}}`.');
const serverError = zErrorResponse.describe('Something has gone wrong; no details are given.');
const notModified = z.null().describe('Not modified: the If-None-Match tag is current. No body.');

/** Clients send query values only when they are truthy; an empty one means "not given". */
const given = (value: string | undefined) => (value ? value : undefined);

/** Operator configuration every page needs: theme, client settings, footer and terms. */
export const operatorRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  basketTermContexts: BasketTermContexts;
}> = async (app, { db, config, basketTermContexts }) => {
  const themeReader = createThemeReader(db, config);

  app.get(
    '/frontend/theme',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operator'],
        summary: "The operator's theme, or a venue's",
        description:
          "With `venue`, that venue's settings over the operator's; without it, the operator's theme. " +
          'Unset values are left out (the client uses its defaults). Cached for a few seconds; ' +
          'answers carry an ETag and honour If-None-Match with 304.',
        querystring: zThemeQuery,
        response: {
          200: zThemeResponse.describe('The theme in wire keys; unset values are absent.'),
          304: notModified,
          404: notFound,
          422: invalid,
          500: serverError,
        },
      },
    },
    async (request, reply) => {
      const answer = await themeReader.readTheme(given(request.query.venue));
      reply.header('cache-control', 'public, max-age=60').header('etag', answer.etag);
      if (etagMatches(request.headers['if-none-match'], answer.etag)) {
        return reply.code(304).send(null);
      }
      // The body was validated and serialised when it was cached: send it as it is.
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => answer.body)
        .send({ data: answer.data });
    },
  );

  app.get(
    '/client',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operator'],
        summary: 'The operator and its settings',
        description:
          'Feature settings gate navigation (online joining, guest passes, credits, activities v2); ' +
          '`urls` are the public URLs of the three sub-sites (the PUBLIC_*_URL settings, else same-origin ' +
          'paths such as `/account`); `kiosk_idle_ms` is the kiosk idle logout.',
        response: {
          200: zClientResponse.describe('The operator and its settings.'),
          404: notFound,
          500: serverError,
        },
      },
    },
    async () => {
      // Never the request's host: a same-origin path works under every name (lib/public-urls.ts).
      return { data: await describeClient(db, config, storedLinkUrls(config.publicUrls)) };
    },
  );

  app.get(
    '/activities/footer',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operator'],
        summary: "A venue's footer HTML, or the operator's default",
        description:
          'HTML supplied by the operator, returned as stored; clients must sanitise it before rendering.',
        querystring: zFooterQuery,
        response: {
          200: zFooterResponse.describe('`data` is the footer HTML.'),
          404: notFound,
          422: invalid,
          500: serverError,
        },
      },
    },
    async (request, reply) => {
      const html = await getFooterHtml(db, config, given(request.query.venue));
      reply.header('cache-control', 'public, max-age=60');
      return { data: html };
    },
  );

  app.get(
    '/terms',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operator'],
        summary: 'Terms to accept',
        description:
          'Without `cart_id`: the account (registration) terms in order. With `cart_id`: the terms a ' +
          "checkout must accept: the operator's terms of sale, and the Direct Debit Guarantee when the basket " +
          'holds a direct debit membership. With `type` (direct_debit, health_commitment, membership): the online ' +
          "joining flow's terms of that kind.",
        querystring: zTermsQuery,
        response: {
          200: zTermsResponse.describe('The terms, each with its id, title and HTML.'),
          404: notFound,
          422: invalid,
          500: serverError,
        },
      },
    },
    async (request) => ({
      data: await listTerms(db, config, request.query.cart_id, request.query.type, basketTermContexts),
    }),
  );
};
