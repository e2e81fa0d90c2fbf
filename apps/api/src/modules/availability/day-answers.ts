import {
  type ActionToShow,
  type SlotsV2Query,
  zSlotsResponse,
  zTimesV2Response,
} from '@leisure/contract/activities';
import { instantAnswer, type LocalDate, localDayBounds, zonedTimeToUtc } from '../../lib/dates';
import { ReadCache } from '../operator/read-cache';
import { type ActivityContext, catalogueTtlMs } from '../venues/catalogue';
import { slotOf, timeOf } from './availability.presenters';
import {
  type LivePlaces,
  listLivePlaces,
  listSessions,
  type SessionRow,
  shapeOf,
} from './availability.repository';
import { type AvailabilityDeps, bookableRange, viewerPlaces } from './availability.service';
import { actionFor, noPlaces, spacesOf, type Viewer, type ViewerPlaces } from './offer';

/**
 * `v2/times` and `v2/slots` as JSON text, for busy venues (docs/decisions/005, "Reads").
 *
 * Most of an answer never changes during a day: names, times, prices, locations, keys. Only the
 * places (capacity, booked, held) and what follows from them and from the viewer (spaces, status,
 * the group's bookable id, the viewer's booking and waitlist entry) do. So each process keeps, per
 * venue, activity and date, the day's sessions with each item's unchanging part already serialised
 * for each kind of viewer (anonymous, signed-in, member), for the catalogue's 30 seconds. Every
 * call still reads the places of the day's sessions from the database (one indexed range scan
 * answering one row), and fills in the changing fields from them: places are never cached.
 *
 * The cached part is built by the same `slotOf` and `timeOf` as the object answers, and the first
 * answer of each entry and viewer kind is checked against the contract's response schema. The day's
 * set of sessions is checked on every call: a session the entry does not know (the timetable was
 * extended) or a time group only partly present (a session was removed) reloads the entry.
 */

type ViewerKind = 'anonymous' | 'customer' | 'member';

const kindOf = (viewer: Viewer): ViewerKind =>
  viewer.userId === null ? 'anonymous' : viewer.isMember ? 'member' : 'customer';

/** A viewer standing for its kind: what the unchanging part of an item depends on. */
const viewerOfKind: Record<ViewerKind, Viewer> = {
  anonymous: { userId: null, isMember: false },
  customer: { userId: 0, isMember: false },
  member: { userId: 0, isMember: true },
};

interface DayGroup {
  compositeKey: string;
  /** In location order (position, id), as the database would aggregate them. */
  sessions: SessionRow[];
  firstBookableAt: Date;
}

interface Day {
  /** The catalogue entry the day was built with (a new one, 30 s later, rebuilds the day). */
  context: ActivityContext;
  byId: Map<number, SessionRow>;
  /** Time, end, location order. */
  sessions: SessionRow[];
  groups: DayGroup[];
  groupOf: Map<number, DayGroup>;
  /** Serialised items without their closing brace or changing fields, per viewer kind. */
  slotHeads: Map<ViewerKind, Map<number, string>>;
  timeHeads: Map<ViewerKind, Map<string, string>>;
}

export interface DayAnswers {
  /** `GET .../v2/times?date=`: the JSON text of `{data: TimeV2[]}`. */
  timesV2(
    deps: AvailabilityDeps,
    venueSlug: string,
    activitySlug: string,
    date: LocalDate,
    viewer: Viewer,
    now: Date,
  ): Promise<string>;
  /** `GET .../v2/slots?date=[&start_time&end_time&composite_key]`: the JSON text of `{data: Slot[]}`. */
  slotsV2(
    deps: AvailabilityDeps,
    venueSlug: string,
    activitySlug: string,
    query: SlotsV2Query,
    viewer: Viewer,
    now: Date,
  ): Promise<string>;
  clear(): void;
}

/** Fields of a slot that change with the places or the viewer; written on every call. */
const slotLiveKeys = [
  'booking',
  'cart_item_id',
  'bookings_count',
  'spaces',
  'capacity',
  'action_to_show',
  'waitlist_id',
];
/** The same for a v2 time. */
const timeLiveKeys = ['booking', 'cart_item_id', 'action_to_show', 'spaces', 'id', 'spaces_remaining'];

/** A serialised object without the keys given and without its closing brace. */
function head(value: Record<string, unknown>, live: string[]): string {
  const rest: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (!live.includes(key)) rest[key] = field;
  return JSON.stringify(rest).slice(0, -1);
}

const actionTexts = new Map<string, string>();
function actionJson(action: ActionToShow): string {
  if (action.status === null) return JSON.stringify(action);
  const key = `${action.status}|${action.reason}`;
  let text = actionTexts.get(key);
  if (text === undefined) {
    text = JSON.stringify(action);
    actionTexts.set(key, text);
  }
  return text;
}

const bookingJson = (booking: { id: number } | null) => (booking === null ? 'null' : `{"id":${booking.id}}`);

export function createDayAnswers(options: { ttlMs?: number; now?: () => number } = {}): DayAnswers {
  const cache = new ReadCache<Day>({
    ttlMs: options.ttlMs ?? catalogueTtlMs,
    maxEntries: 500,
    ...(options.now ? { now: options.now } : {}),
  });

  const loadDay = async (deps: AvailabilityDeps, context: ActivityContext, date: LocalDate): Promise<Day> => {
    const sessions = await listSessions(deps.db, {
      venueId: context.venue.id,
      activityId: context.activity.id,
      ...localDayBounds(date, context.venue.timezone),
    });
    const groups: DayGroup[] = [];
    const groupOf = new Map<number, DayGroup>();
    for (const session of sessions) {
      let group = groups.at(-1);
      if (!group || group.compositeKey !== session.compositeKey) {
        group = {
          compositeKey: session.compositeKey,
          sessions: [],
          firstBookableAt: session.firstBookableAt,
        };
        groups.push(group);
      }
      group.sessions.push(session);
      if (session.firstBookableAt < group.firstBookableAt) group.firstBookableAt = session.firstBookableAt;
      groupOf.set(session.id, group);
    }
    return {
      context,
      byId: new Map(sessions.map((session) => [session.id, session])),
      sessions,
      groups,
      groupOf,
      slotHeads: new Map(),
      timeHeads: new Map(),
    };
  };

  /** The day and the places of its sessions still to start; the day is reloaded when they disagree. */
  const dayWithPlaces = async (
    deps: AvailabilityDeps,
    context: ActivityContext,
    date: LocalDate,
    now: Date,
  ): Promise<{ day: Day; places: Map<number, LivePlaces> }> => {
    const range = {
      venueId: context.venue.id,
      activityId: context.activity.id,
      ...bookableRange(context, date, now),
    };
    let places = await listLivePlaces(deps.db, range);
    const held = [...places].filter(([, place]) => place.heldCount > 0).map(([id]) => id);
    if (held.length > 0 && (await deps.holds?.releaseExpired({ occurrenceIds: held }))) {
      places = await listLivePlaces(deps.db, range);
    }
    const key = `${context.venue.id}|${context.activity.id}|${date}`;
    let day = await cache.get(key, () => loadDay(deps, context, date));
    if (day.context !== context || !agrees(day, places)) {
      cache.delete(key);
      day = await cache.get(key, () => loadDay(deps, context, date));
    }
    return { day, places };
  };

  const slotHeads = (day: Day, kind: ViewerKind, now: Date): Map<number, string> => {
    let heads = day.slotHeads.get(kind);
    if (!heads) {
      heads = new Map();
      const viewer = viewerOfKind[kind];
      for (const session of day.sessions) {
        const slot = slotOf(day.context, session, viewer, now, 'purchasableOccurrence', noPlaces);
        heads.set(session.id, head(slot, slotLiveKeys));
      }
      day.slotHeads.set(kind, heads);
    }
    return heads;
  };

  const timeHeads = (day: Day, kind: ViewerKind, now: Date): Map<string, string> => {
    let heads = day.timeHeads.get(kind);
    if (!heads) {
      heads = new Map();
      const viewer = viewerOfKind[kind];
      const tz = day.context.venue.timezone;
      for (const group of day.groups) {
        const first = group.sessions[0] as SessionRow;
        const time = timeOf(
          day.context,
          {
            compositeKey: group.compositeKey,
            startsAt: first.startsAt,
            endsAt: first.endsAt,
            firstBookableAt: group.firstBookableAt,
            spaces: 0,
            locationCount: new Set(group.sessions.map((session) => session.locationId)).size,
            locationName: first.locationName,
            bookableId: first.id,
            heldCount: 0,
          },
          viewer,
          now,
          noPlaces,
        );
        heads.set(
          group.compositeKey,
          head({ ...time, first_bookable_at: instantAnswer(group.firstBookableAt, tz) }, timeLiveKeys),
        );
      }
      day.timeHeads.set(kind, heads);
    }
    return heads;
  };

  /** The first answer of each day and viewer kind is checked against the contract. */
  const checked = new WeakMap<Day, Set<string>>();
  const check = (day: Day, what: string, json: string, schema: { parse(value: unknown): unknown }) => {
    let done = checked.get(day);
    if (!done) {
      done = new Set();
      checked.set(day, done);
    }
    if (done.has(what)) return;
    schema.parse(JSON.parse(json));
    done.add(what);
  };

  return {
    async timesV2(deps, venueSlug, activitySlug, date, viewer, now) {
      const context = await deps.catalogue.activityAt(venueSlug, activitySlug);
      const { day, places } = await dayWithPlaces(deps, context, date, now);
      const kind = kindOf(viewer);
      const heads = timeHeads(day, kind, now);
      const mine: ViewerPlaces =
        viewer.userId === null
          ? noPlaces
          : await viewerPlaces(deps, viewer, dayScope(context, date, now), now);
      const { activity } = context;
      const tz = context.venue.timezone;
      const items: string[] = [];
      for (const group of day.groups) {
        let spaces = 0;
        let bookable: SessionRow | undefined;
        let present = false;
        for (const session of group.sessions) {
          const place = places.get(session.id);
          if (!place) continue;
          present = true;
          const free = spacesOf(place);
          spaces += free;
          if (free > 0 && bookable === undefined) bookable = session;
        }
        if (!present) continue;
        const id = (bookable ?? (group.sessions[0] as SessionRow)).id;
        const action = actionFor(group.firstBookableAt, spaces, activity, viewer, now, tz);
        items.push(
          `${heads.get(group.compositeKey)},"booking":${bookingJson(mine.bookingInGroup(group.compositeKey))},` +
            `"cart_item_id":${mine.cartItemInGroup(group.compositeKey) ?? 'null'},` +
            `"action_to_show":${actionJson(action)},"spaces":${spaces},"id":"${id}","spaces_remaining":${spaces}}`,
        );
      }
      const json = `{"data":[${items.join(',')}]}`;
      check(day, `times|${kind}`, json, zTimesV2Response);
      return json;
    },

    async slotsV2(deps, venueSlug, activitySlug, query, viewer, now) {
      const context = await deps.catalogue.activityAt(venueSlug, activitySlug);
      const { day, places } = await dayWithPlaces(deps, context, query.date, now);
      const tz = context.venue.timezone;
      const startsAt = query.start_time ? zonedTimeToUtc(query.date, query.start_time, tz).getTime() : null;
      const endsAt = query.end_time ? zonedTimeToUtc(query.date, query.end_time, tz).getTime() : null;
      const sessions = day.sessions.filter(
        (session) =>
          places.has(session.id) &&
          (query.composite_key === undefined || session.compositeKey === query.composite_key) &&
          (startsAt === null || session.startsAt.getTime() === startsAt) &&
          (endsAt === null || session.endsAt.getTime() === endsAt),
      );
      const kind = kindOf(viewer);
      const heads = slotHeads(day, kind, now);
      const mine: ViewerPlaces =
        viewer.userId === null
          ? noPlaces
          : await viewerPlaces(deps, viewer, { occurrenceIds: sessions.map((session) => session.id) }, now);
      const { activity } = context;
      const items: string[] = [];
      for (const session of sessions) {
        const place = places.get(session.id) as LivePlaces;
        const spaces = spacesOf(place);
        const action = actionFor(session.firstBookableAt, spaces, activity, viewer, now, tz);
        items.push(
          `${heads.get(session.id)},"booking":${bookingJson(mine.bookingOf(session.id))},` +
            `"cart_item_id":${mine.cartItemOf(session.id) ?? 'null'},` +
            `"bookings_count":${place.bookedCount},"spaces":${spaces},"capacity":${place.capacity},` +
            `"action_to_show":${actionJson(action)},"waitlist_id":${mine.waitlistOf(session.id)?.id ?? 'null'}}`,
        );
      }
      const json = `{"data":[${items.join(',')}]}`;
      check(day, `slots|${kind}`, json, zSlotsResponse);
      return json;
    },

    clear: () => cache.clear(),
  };
}

/** Every session with places is one the day knows, and every time group is wholly there or not. */
function agrees(day: Day, places: Map<number, LivePlaces>): boolean {
  for (const [id, place] of places) {
    const session = day.byId.get(id);
    // A session the day does not know (the timetable was extended) or one the console moved.
    if (!session || shapeOf(session) !== place.shape) return false;
  }
  for (const group of day.groups) {
    const there = group.sessions.filter((session) => places.has(session.id)).length;
    if (there !== 0 && there !== group.sessions.length) return false;
  }
  return true;
}

function dayScope(context: ActivityContext, date: LocalDate, now: Date) {
  return { venueId: context.venue.id, activityId: context.activity.id, ...bookableRange(context, date, now) };
}
