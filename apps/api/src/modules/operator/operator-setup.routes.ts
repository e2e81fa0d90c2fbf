import { zAdminPage } from '@leisure/contract/admin/lists';
import {
  zAdminIdParams,
  zAdminTerm,
  zAdminTermResponse,
  zAdminTermsQuery,
  zAdminThemeResponse,
  zCreateTermRequest,
  zOperatorSettingsResponse,
  zSaveThemeDraftRequest,
  zUpdateOperatorSettingsRequest,
  zUpdateTermRequest,
  zUpdateVenueFooterRequest,
  zVenueFooterResponse,
} from '@leisure/contract/admin/operator';
import { zErrorResponse } from '@leisure/contract/errors';
import { zThemeResponse } from '@leisure/contract/operator';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { getCurrentClient } from './operator.service';
import {
  addTerms,
  changeTerms,
  discardThemeDraft,
  listAdminTerms,
  previewTheme,
  publishTheme,
  readAdminTerm,
  readAdminTheme,
  readOperatorSettings,
  readVenueFooter,
  type SetupActor,
  saveThemeDraft,
  type TermsAcceptedPort,
  updateOperatorSettings,
  updateVenueFooter,
} from './operator-setup.service';

/** The staff user of a request as a setup actor (app.ts: their session, scope checks and audit entries). */
export type SetupActorPort = (request: FastifyRequest) => Promise<SetupActor>;

const errors = {
  401: zErrorResponse.describe('Not signed in.'),
  403: zErrorResponse.describe('Not allowed: the permission, or the venue is not one you manage.'),
  404: zErrorResponse.describe('No such record.'),
  422: zErrorResponse.describe('Invalid: `{message, errors: {field: [..]}}`.'),
};

const zVenueParams = zAdminIdParams;

/**
 * The console's Operator area (issue 47): `api/admin/operator` (settings, gates, footer), its theme's
 * draft, preview and publish, a venue's theme override and footer, and `api/admin/terms`.
 */
export const operatorSetupRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  actorOf: SetupActorPort;
  wereTermsAccepted: TermsAcceptedPort;
}> = async (app, { db, config, actorOf, wereTermsAccepted }) => {
  const clientIdOf = async () => (await getCurrentClient(db, config)).id;
  const operatorManage = { access: 'staff:operator.manage' as const };
  const venuesManage = { access: 'staff:venues.manage' as const };
  const tags = ['admin'];

  app.get(
    '/admin/operator',
    {
      config: operatorManage,
      schema: {
        tags,
        summary: "The operator's settings, gates and footer",
        response: { 200: zOperatorSettingsResponse, ...errors },
      },
    },
    async () => ({ data: await readOperatorSettings(db, await clientIdOf()) }),
  );

  app.patch(
    '/admin/operator',
    {
      config: operatorManage,
      schema: {
        tags,
        summary: "Changes the operator's settings",
        description:
          'Only the keys given change. The footer HTML is stored as given and sanitised where it is shown.',
        body: zUpdateOperatorSettingsRequest,
        response: { 200: zOperatorSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      data: await updateOperatorSettings(db, await clientIdOf(), await actorOf(request), request.body),
    }),
  );

  // ---- Theme: the operator's (no venue scope) and each venue's override (its managers) -------------

  const themeRoutes = (
    prefix: string,
    access: { access: 'staff:operator.manage' | 'staff:venues.manage' },
    venueOf: (request: FastifyRequest) => number | null,
  ) => {
    const params = prefix.includes(':id') ? { params: zVenueParams } : {};
    app.get(
      `${prefix}/theme`,
      {
        config: access,
        schema: {
          tags,
          summary: 'A theme: what is live and the pending draft',
          ...params,
          response: { 200: zAdminThemeResponse, ...errors },
        },
      },
      async (request) => ({ data: await readAdminTheme(db, await clientIdOf(), venueOf(request)) }),
    );
    app.put(
      `${prefix}/theme/draft`,
      {
        config: access,
        schema: {
          tags,
          summary: "Saves a theme's draft (nothing goes live)",
          description:
            'The whole draft: keys left out or null are not set (a venue then inherits the operator’s).',
          ...params,
          body: zSaveThemeDraftRequest,
          response: { 200: zAdminThemeResponse, ...errors },
        },
      },
      async (request) => ({
        data: await saveThemeDraft(
          db,
          await clientIdOf(),
          await actorOf(request),
          venueOf(request),
          request.body,
        ),
      }),
    );
    app.delete(
      `${prefix}/theme/draft`,
      {
        config: access,
        schema: {
          tags,
          summary: "Discards a theme's draft",
          ...params,
          response: { 200: zAdminThemeResponse, ...errors },
        },
      },
      async (request) => ({
        data: await discardThemeDraft(db, await clientIdOf(), await actorOf(request), venueOf(request)),
      }),
    );
    app.post(
      `${prefix}/theme/publish`,
      {
        config: access,
        schema: {
          tags,
          summary: "Publishes a theme's draft",
          description: 'Customers see it on their next page load, on every replica.',
          ...params,
          response: { 200: zAdminThemeResponse, ...errors },
        },
      },
      async (request) => ({
        data: await publishTheme(db, await clientIdOf(), await actorOf(request), venueOf(request)),
      }),
    );
    app.get(
      `${prefix}/theme/preview`,
      {
        config: access,
        schema: {
          tags,
          summary: 'The theme customers would see with the drafts published',
          description: 'In the keys of `GET api/frontend/theme`; only staff ever see a draft.',
          ...params,
          response: { 200: zThemeResponse, ...errors },
        },
      },
      async (request) => ({ data: await previewTheme(db, await clientIdOf(), venueOf(request)) }),
    );
  };
  themeRoutes('/admin/operator', operatorManage, () => null);
  themeRoutes('/admin/venues/:id', venuesManage, (request) => (request.params as { id: number }).id);

  // ---- A venue's footer ------------------------------------------------------------------------------

  app.get(
    '/admin/venues/:id/footer',
    {
      config: venuesManage,
      schema: {
        tags,
        summary: "A venue's footer HTML",
        params: zVenueParams,
        response: { 200: zVenueFooterResponse, ...errors },
      },
    },
    async (request) => ({ data: await readVenueFooter(db, await clientIdOf(), request.params.id) }),
  );

  app.put(
    '/admin/venues/:id/footer',
    {
      config: venuesManage,
      schema: {
        tags,
        summary: "Changes a venue's footer HTML",
        params: zVenueParams,
        body: zUpdateVenueFooterRequest,
        response: { 200: zVenueFooterResponse, ...errors },
      },
    },
    async (request) => ({
      data: await updateVenueFooter(
        db,
        await clientIdOf(),
        await actorOf(request),
        request.params.id,
        request.body.footer_html,
      ),
    }),
  );

  // ---- Terms -------------------------------------------------------------------------------------------

  app.get(
    '/admin/terms',
    {
      config: operatorManage,
      schema: {
        tags,
        summary: 'The terms, of every context, active or not',
        querystring: zAdminTermsQuery,
        response: { 200: zAdminPage(zAdminTerm), ...errors },
      },
    },
    async (request) => listAdminTerms(db, await clientIdOf(), request.query),
  );

  app.get(
    '/admin/terms/:id',
    {
      config: operatorManage,
      schema: {
        tags,
        summary: 'One set of terms',
        params: zAdminIdParams,
        response: { 200: zAdminTermResponse, ...errors },
      },
    },
    async (request) => ({ data: await readAdminTerm(db, await clientIdOf(), request.params.id) }),
  );

  app.post(
    '/admin/terms',
    {
      config: operatorManage,
      schema: {
        tags,
        summary: 'Adds terms',
        body: zCreateTermRequest,
        response: { 201: zAdminTermResponse, ...errors },
      },
    },
    async (request, reply) => {
      const term = await addTerms(db, await clientIdOf(), await actorOf(request), request.body);
      return reply.code(201).send({ data: term });
    },
  );

  app.patch(
    '/admin/terms/:id',
    {
      config: operatorManage,
      schema: {
        tags,
        summary: 'Changes or deactivates terms',
        description:
          'A new title or text of terms a customer accepted is a new version: the answer is the new record ' +
          '(a new id) and the old one is deactivated, so acceptances keep naming what was accepted.',
        params: zAdminIdParams,
        body: zUpdateTermRequest,
        response: { 200: zAdminTermResponse, ...errors },
      },
    },
    async (request) => ({
      data: await changeTerms(
        db,
        await clientIdOf(),
        await actorOf(request),
        request.params.id,
        request.body,
        wereTermsAccepted,
      ),
    }),
  );
};
