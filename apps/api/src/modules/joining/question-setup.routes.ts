import {
  zAdminIdParams,
  zAdminQuestion,
  zAdminQuestionList,
  zAdminQuestionRequest,
  zAdminTypeIdParams,
} from '@leisure/contract/admin/memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { staffChanger } from '../membership-catalogue/setup-changer';
import { adminErrors, adminSecurity, adminTags } from '../membership-catalogue/setup-openapi';
import { requireAuth } from '../session/session';
import type { QuestionRow } from './joining.repository';
import {
  addMembershipQuestion,
  changeMembershipQuestion,
  listQuestionsForSetup,
  removeMembershipQuestion,
} from './question-setup.service';

export interface QuestionSetupRoutesOptions {
  db: Database;
  config: Config;
}

function presentQuestion(row: QuestionRow) {
  return {
    id: row.id,
    membership_type_id: row.membershipTypeId,
    reference: row.reference,
    label: row.label,
    type: row.type,
    options: row.options,
    placeholder: row.placeholder,
    default_value: row.defaultValue,
    is_required: row.isRequired,
    position: row.position,
  };
}

const common = { tags: adminTags, security: adminSecurity };

/** The console's additional joining questions of a membership type (issue 47): `memberships.manage`. */
export const questionSetupRoutes: FastifyPluginAsyncZod<QuestionSetupRoutesOptions> = async (
  app,
  { db, config },
) => {
  app.get(
    '/admin/membership-types/:typeId/questions',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'The questions a membership type asks when joining',
        params: zAdminTypeIdParams,
        response: { 200: zAdminQuestionList, ...adminErrors },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return {
        data: (await listQuestionsForSetup(db, auth.user.clientId, request.params.typeId)).map(
          presentQuestion,
        ),
      };
    },
  );
  app.post(
    '/admin/membership-types/:typeId/questions',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Add a question',
        params: zAdminTypeIdParams,
        body: zAdminQuestionRequest,
        response: { 201: zAdminQuestion, ...adminErrors },
      },
    },
    async (request, reply) => {
      const changer = staffChanger(await requireAuth(db, config, request), request);
      const row = await addMembershipQuestion(db, changer, request.params.typeId, request.body);
      return reply.status(201).send(presentQuestion(row));
    },
  );
  app.patch(
    '/admin/membership-questions/:id',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Change a question',
        description: 'The whole question, as the form sends it.',
        params: zAdminIdParams,
        body: zAdminQuestionRequest,
        response: { 200: zAdminQuestion, ...adminErrors },
      },
    },
    async (request) => {
      const changer = staffChanger(await requireAuth(db, config, request), request);
      return presentQuestion(await changeMembershipQuestion(db, changer, request.params.id, request.body));
    },
  );
  app.delete(
    '/admin/membership-questions/:id',
    {
      config: { access: 'staff:memberships.manage' },
      schema: {
        ...common,
        summary: 'Remove a question',
        description: "Members' answers stay on their memberships.",
        params: zAdminIdParams,
        response: { 204: z.null().describe('Removed.'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const changer = staffChanger(await requireAuth(db, config, request), request);
      await removeMembershipQuestion(db, changer, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
