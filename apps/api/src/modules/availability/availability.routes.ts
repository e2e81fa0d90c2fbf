import {
  zActivityParams,
  zDateQuery,
  zOccurrenceParams,
  zOccurrenceResponse,
  zSlotsQuery,
  zSlotsResponse,
  zSlotsV2Query,
  zTimeGroupParams,
  zTimeGroupResponse,
  zTimesResponse,
  zTimesV2Response,
  zTimetableResponse,
} from '@leisure/contract/activities';
import { zErrorResponse } from '@leisure/contract/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { currentAuth } from '../session/session';
import { createCatalogue } from '../venues/catalogue';
import {
  type AvailabilityDeps,
  getOccurrence,
  listSlots,
  listTimeGroup,
  listTimes,
  listTimetable,
} from './availability.service';
import { createDayAnswers } from './day-answers';
import { viewerOf } from './offer';

const notFound = zErrorResponse.describe(
  "No such venue, activity, category or session: `{message: 'Unable to complete request, item not found.'}`.",
);
const invalid = zErrorResponse.describe(
  'A query value is invalid, or the date is outside the booking window ' +
    "(`{message: 'The date should be within the valid days', errors: {date: [..]}}`).",
);
const serverError = zErrorResponse.describe('Something has gone wrong; no details are given.');
const tags = ['activities'];
/** Optional: with a session the answer is the user's (LOGIN becomes BOOK; member prices). */
const security: Record<string, string[]>[] = [{}, { bearer: [] }, { cookie: [] }];

const statusNote =
  '`action_to_show.status`: BOOK; FULL (no place left); WAITLIST (full, the class keeps a waitlist); ' +
  'LOGIN (anonymous, and the activity does not allow anonymous bookings); null (listed, booking not open ' +
  "yet: `first_bookable_at`). Times are the venue's local time. A date before today or beyond the " +
  "activity's booking window answers 422.";

/**
 * Sends JSON text as it is. For a string with a JSON content type Fastify runs no serializer, so the
 * response schema is not applied here: day-answers.ts checks its answers against it instead.
 */
function sendJsonText(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Availability of activities: times, slots, timetables, one session (bookings-api.md: Availability). */
export const availabilityRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  holds?: AvailabilityDeps['holds'];
}> = async (app, { db, config, holds }) => {
  const deps: AvailabilityDeps = { db, config, catalogue: createCatalogue(db, config), holds };
  // v2/times and v2/slots of busy days: the unchanging part of each item kept serialised, the
  // places read on every call (day-answers.ts).
  const dayAnswers = createDayAnswers();
  const viewer = async (request: Parameters<typeof currentAuth>[2]) =>
    viewerOf(await currentAuth(db, config, request));

  app.get(
    '/activities/venue/:venue/activity/:activity/times',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A day's start times",
        description: `One item per start time (a time group across locations); always an array. ${statusNote}`,
        security,
        params: zActivityParams,
        querystring: zDateQuery,
        response: { 200: zTimesResponse, 404: notFound, 422: invalid, 500: serverError },
      },
    },
    async (request) => {
      const { venue, activity } = request.params;
      return {
        data: await listTimes(deps, venue, activity, request.query.date, await viewer(request), new Date()),
      };
    },
  );

  app.get(
    '/activities/venue/:venue/activity/:activity/v2/times',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A day's start times (v2)",
        description:
          'The `times` items plus `id` (a session of the group with space, to book), `first_bookable_at` and ' +
          `\`spaces_remaining\`. ${statusNote}`,
        security,
        params: zActivityParams,
        querystring: zDateQuery,
        response: { 200: zTimesV2Response, 404: notFound, 422: invalid, 500: serverError },
      },
    },
    async (request, reply) => {
      const { venue, activity } = request.params;
      const body = await dayAnswers.timesV2(
        deps,
        venue,
        activity,
        request.query.date,
        await viewer(request),
        new Date(),
      );
      return sendJsonText(reply, body);
    },
  );

  app.get(
    '/activities/venue/:venue/activity/:activity/v2/times/:composite_key',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A time group's locations",
        description: `One item per location (court, lane) of the time group, with its own places. 404 for an unknown key. ${statusNote}`,
        security,
        params: zTimeGroupParams,
        querystring: zDateQuery,
        response: { 200: zTimeGroupResponse, 404: notFound, 422: invalid, 500: serverError },
      },
    },
    async (request) => {
      const { venue, activity, composite_key } = request.params;
      return {
        data: await listTimeGroup(
          deps,
          venue,
          activity,
          composite_key,
          request.query.date,
          await viewer(request),
          new Date(),
        ),
      };
    },
  );

  app.get(
    '/activities/venue/:venue/activity/:activity/slots',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A time's slots, one per location",
        description: `The sessions from \`start_time\` to \`end_time\` on \`date\`, one per location; \`id\` is the occurrence to book. ${statusNote}`,
        security,
        params: zActivityParams,
        querystring: zSlotsQuery,
        response: { 200: zSlotsResponse, 404: notFound, 422: invalid, 500: serverError },
      },
    },
    async (request) => {
      const { venue, activity } = request.params;
      return {
        data: await listSlots(deps, venue, activity, request.query, await viewer(request), new Date()),
      };
    },
  );

  app.get(
    '/activities/venue/:venue/activity/:activity/v2/slots',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A day's slots (v2)",
        description: `The day's sessions, one per location, optionally only those of one start, end or time group. ${statusNote}`,
        security,
        params: zActivityParams,
        querystring: zSlotsV2Query,
        response: { 200: zSlotsResponse, 404: notFound, 422: invalid, 500: serverError },
      },
    },
    async (request, reply) => {
      const { venue, activity } = request.params;
      const body = await dayAnswers.slotsV2(
        deps,
        venue,
        activity,
        request.query,
        await viewer(request),
        new Date(),
      );
      return sendJsonText(reply, body);
    },
  );

  for (const path of ['timetable', 'v2/timetable']) {
    app.get(
      `/activities/venue/:venue/activity/:activity/${path}`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: path === 'timetable' ? "A class's sessions on a day" : "A class's sessions on a day (v2)",
          description: `One item per session, with its instructor, places and price. ${statusNote}`,
          security,
          params: zActivityParams,
          querystring: zDateQuery,
          response: { 200: zTimetableResponse, 404: notFound, 422: invalid, 500: serverError },
        },
      },
      async (request) => {
        const { venue, activity } = request.params;
        return {
          data: await listTimetable(
            deps,
            venue,
            activity,
            request.query.date,
            await viewer(request),
            new Date(),
          ),
        };
      },
    );
  }

  app.get(
    '/v1/activities/occurrences/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One session with its tickets',
        description:
          'The tickets are those this user can buy (member prices for members). `bundle` names the course a ' +
          `session belongs to (bought as a whole). ${statusNote}`,
        security,
        params: zOccurrenceParams,
        response: { 200: zOccurrenceResponse, 404: notFound, 500: serverError },
      },
    },
    async (request) => ({
      data: await getOccurrence(deps, request.params.id, await viewer(request), new Date()),
    }),
  );
};
