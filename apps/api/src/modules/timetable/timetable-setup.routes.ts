import {
  zAdminCourseAnswer,
  zAdminCourseListQuery,
  zAdminCoursePage,
  zAdminSessionListQuery,
  zAdminSessionPage,
  zCourseInput,
  zSessionCancelAnswer,
  zSessionCancelRequest,
  zSessionMoveAnswer,
  zSessionMoveRequest,
  zTimetableChoices,
  zTimetableEntry,
  zTimetableEntryAnswer,
  zTimetableEntryChange,
  zTimetableEntryInput,
  zTimetableEntryListQuery,
  zTimetableEntryPage,
  zTimetableEntryRemoved,
} from '@leisure/contract/admin/timetables';
import { zErrorResponse } from '@leisure/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';
import { requireAuth } from '../session/session';
import {
  changeTimetableEntry,
  createTimetableEntry,
  getTimetableEntry,
  listTimetableChoices,
  listTimetableEntries,
  removeTimetableEntry,
  type TimetableSetupDeps,
} from './timetable-setup.service';
import {
  cancelSession,
  createCourseFromDates,
  listAdminSessions,
  listCourses,
  moveSession,
} from './timetable-setup.sessions';

export interface TimetableSetupRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const tags = ['admin'];
const access = { access: 'staff:activities.manage' as const };
const zIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const failures = {
  401: zErrorResponse.describe('No valid session.'),
  403: zErrorResponse.describe(
    'No `activities.manage` permission, or another venue than the ones you manage.',
  ),
  404: zErrorResponse.describe('No such record of this operator.'),
  422: zErrorResponse.describe('Invalid input, nothing changed: `{message, errors: {field: [..]}}`.'),
};

/**
 * The console's Timetables area (issue 47): weekly patterns, the sessions they make and their
 * exceptions (cancel, move), and courses. Every change is one venue's and is audited.
 */
export const timetableSetupRoutes: FastifyPluginAsyncZod<TimetableSetupRoutesOptions> = async (
  app,
  { db, config, mailer },
) => {
  const deps: TimetableSetupDeps = { db, config, mailer };
  const auth = (request: Parameters<typeof requireAuth>[2]) => requireAuth(db, config, request);

  app.get(
    '/admin/timetable-entries',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Weekly patterns (timetable entries), paged; `venue_id` narrows to one venue, `q` searches activities',
        security,
        querystring: zTimetableEntryListQuery,
        response: { 200: zTimetableEntryPage, ...failures },
      },
    },
    async (request) => listTimetableEntries(db, await auth(request), request.query),
  );

  app.get(
    '/admin/timetable-choices',
    {
      config: access,
      schema: {
        tags,
        summary: "The venues, activities and locations the Timetables area's forms choose from",
        security,
        response: { 200: zTimetableChoices, ...failures },
      },
    },
    async (request) => listTimetableChoices(db, await auth(request)),
  );

  app.get(
    '/admin/timetable-entries/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'One weekly pattern',
        security,
        params: zIdParams,
        response: { 200: zTimetableEntry, ...failures },
      },
    },
    async (request) => getTimetableEntry(db, await auth(request), request.params.id),
  );

  app.post(
    '/admin/timetable-entries',
    {
      config: access,
      schema: {
        tags,
        summary: 'Create a weekly pattern; its sessions for the rolling window are generated at once',
        security,
        body: zTimetableEntryInput,
        response: { 201: zTimetableEntryAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const answer = await createTimetableEntry(deps, await auth(request), request.body, request);
      return reply.code(201).send(answer);
    },
  );

  app.patch(
    '/admin/timetable-entries/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Change a weekly pattern and its future sessions',
        description:
          'Future sessions nobody booked are generated again from the pattern; sessions with bookings keep them ' +
          '(capacity never below their places; a time change emails the people booked). `sessions` says what happened.',
        security,
        params: zIdParams,
        body: zTimetableEntryChange,
        response: { 200: zTimetableEntryAnswer, ...failures },
      },
    },
    async (request) =>
      changeTimetableEntry(deps, await auth(request), request.params.id, request.body, request),
  );

  app.delete(
    '/admin/timetable-entries/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Remove a weekly pattern',
        description:
          'Its future sessions nobody booked go; sessions with bookings are kept and listed in ' +
          '`sessions.kept_with_bookings` until the operator cancels them.',
        security,
        params: zIdParams,
        response: { 200: zTimetableEntryRemoved, ...failures },
      },
    },
    async (request) => removeTimetableEntry(deps, await auth(request), request.params.id, request),
  );

  app.get(
    '/admin/sessions',
    {
      config: access,
      schema: {
        tags,
        summary: "A venue's sessions between two local dates, with booked, held and capacity; paged",
        security,
        querystring: zAdminSessionListQuery,
        response: { 200: zAdminSessionPage, ...failures },
      },
    },
    async (request) => listAdminSessions(db, await auth(request), request.query),
  );

  app.post(
    '/admin/sessions/:id/cancel',
    {
      config: access,
      schema: {
        tags,
        summary: 'Cancel one session: its bookings get account credit and an email; exactly once',
        description:
          'The session disappears from the customer timetable and cannot be added to a basket; its waitlist ends. ' +
          'A repeated or concurrent cancel answers `changed: false` and gives nothing twice. `resolution: refund` ' +
          'is refused (422) until partial card refunds exist.',
        security,
        params: zIdParams,
        body: zSessionCancelRequest,
        response: { 200: zSessionCancelAnswer, ...failures },
      },
    },
    async (request) => cancelSession(deps, await auth(request), request.params.id, request.body, request),
  );

  app.patch(
    '/admin/sessions/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Move one session (date, start time, location, capacity) as a one-off change',
        security,
        params: zIdParams,
        body: zSessionMoveRequest,
        response: { 200: zSessionMoveAnswer, ...failures },
      },
    },
    async (request) => moveSession(deps, await auth(request), request.params.id, request.body, request),
  );

  app.get(
    '/admin/courses',
    {
      config: access,
      schema: {
        tags,
        summary: 'Courses (bundles of dated sessions), paged',
        security,
        querystring: zAdminCourseListQuery,
        response: { 200: zAdminCoursePage, ...failures },
      },
    },
    async (request) => listCourses(db, await auth(request), request.query),
  );

  app.post(
    '/admin/courses',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Create a course: a course activity at a venue, its dates, start time, location and capacity',
        security,
        body: zCourseInput,
        response: { 201: zAdminCourseAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const answer = await createCourseFromDates(deps, await auth(request), request.body, request);
      return reply.code(201).send(answer);
    },
  );
};
