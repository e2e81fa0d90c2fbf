import type { ActivityCreateInput } from '@leisure/contract/admin/activities';
import type { Database } from '../db/client';
import { addDays, localDateOf, weekdayOf } from '../lib/dates';
import { systemChange } from '../modules/audit/staff-change';
import type { VenueRow } from '../modules/operator/operator.service';
import {
  createActivitySetup,
  createCategorySetup,
  createLocationsSetup,
  updateActivitySetup,
} from '../modules/timetable/catalogue-setup.service';
import {
  type ActivityRow,
  addTimetableEntries,
  everyDay,
  extendTimetable,
  fillTimetableSessions,
  type LocationRow,
  type NewActivity,
  type NewTimetableEntry,
  weekdayMask,
} from '../modules/timetable/timetable.service';
import { addDatedCourse } from '../modules/timetable/timetable-setup.sessions';

/**
 * The demo operator's activities and a rolling timetable: court hire (badminton, outdoor tennis),
 * lane swimming, classes and courses, generated from weekly timetable lines for today and the next
 * 14 days (docs/decisions/005-activities-and-capacity.md). Some evening sessions are sold out so the
 * screens can show FULL courts and a class with a waitlist.
 */

/** Which facilities each demo venue has; a sports hall means badminton courts. */
const venueFacilities: Record<string, { hall: boolean; pool: boolean; studio: boolean; tennis: boolean }> = {
  'leeds-riverside': { hall: true, pool: true, studio: true, tennis: true },
  'york-ouse-bank': { hall: true, pool: true, studio: true, tennis: false },
  'sheffield-don-valley': { hall: true, pool: true, studio: true, tennis: false },
  'manchester-irwell-quays': { hall: false, pool: false, studio: true, tennis: false },
  'nottingham-trent-side': { hall: true, pool: false, studio: true, tennis: true },
  'bristol-harbourside': { hall: true, pool: true, studio: true, tennis: false },
  'cambridge-cam-meadows': { hall: false, pool: true, studio: true, tennis: false },
  'exeter-exe-quay': { hall: true, pool: true, studio: false, tennis: false },
  'durham-wear-riverside': { hall: true, pool: false, studio: true, tennis: true },
  'chester-dee-meadows': { hall: true, pool: false, studio: true, tennis: false },
};

const standardAndMember = (
  adult: number,
  member: number,
  junior?: [number, number],
): NewActivity['pricing'] => [
  {
    name: 'Standard',
    tickets: [{ name: 'Adult', amount: adult }, ...(junior ? [{ name: 'Junior', amount: junior[0] }] : [])],
  },
  {
    name: 'Member',
    forMembers: true,
    tickets: [{ name: 'Adult', amount: member }, ...(junior ? [{ name: 'Junior', amount: junior[1] }] : [])],
  },
];

type DemoActivity = Omit<NewActivity, 'categoryId'> & { category: string };

const demoActivities: DemoActivity[] = [
  {
    category: 'badminton',
    slug: 'badminton-40min',
    name: 'Badminton 40min',
    kind: 'court',
    durationMinutes: 40,
    description: 'Hire a badminton court for 40 minutes. Racquets can be hired at reception.',
    bookingWindowDays: 7,
    bookingOpensAt: '22:00',
    cancellationCutoffMinutes: 24 * 60,
    pricing: standardAndMember(592, 480),
  },
  {
    category: 'badminton',
    slug: 'badminton-60min',
    name: 'Badminton 60min',
    kind: 'court',
    durationMinutes: 60,
    description: 'Hire a badminton court for an hour.',
    bookingWindowDays: 7,
    bookingOpensAt: '22:00',
    cancellationCutoffMinutes: 24 * 60,
    pricing: standardAndMember(890, 720),
  },
  {
    category: 'tennis',
    slug: 'tennis-court-outdoor',
    name: 'Tennis Court Outdoor',
    kind: 'court',
    durationMinutes: 60,
    description: 'Floodlit outdoor hard courts. No account needed to book.',
    bookingWindowDays: 7,
    bookingOpensAt: '07:00',
    cancellationCutoffMinutes: 24 * 60,
    allowsAnonymousBookings: true,
    pricing: standardAndMember(1000, 800, [500, 400]),
  },
  {
    category: 'swimming',
    slug: 'swim-for-fitness',
    name: 'Swim for Fitness',
    kind: 'court',
    durationMinutes: 45,
    description: 'Lane swimming: slow, medium and fast lanes. Up to six swimmers a lane.',
    bookingWindowDays: 7,
    cancellationCutoffMinutes: 60,
    pricing: standardAndMember(480, 300, [290, 180]),
    tags: ['lane-swimming'],
  },
  {
    category: 'fitness-classes',
    slug: 'fitness-classes-c',
    name: 'Fitness Classes C',
    kind: 'class',
    durationMinutes: 45,
    description: 'A full-body class of cardio and conditioning for every level.',
    bookingWindowDays: 14,
    bookingOpensAt: '07:00',
    cancellationCutoffMinutes: 120,
    hasWaitlist: true,
    pricing: standardAndMember(750, 500, [450, 300]),
  },
  {
    category: 'fitness-classes',
    slug: 'yoga-flow',
    name: 'Yoga Flow',
    kind: 'class',
    durationMinutes: 60,
    description: 'Vinyasa yoga linking breath and movement. Mats provided.',
    bookingWindowDays: 14,
    bookingOpensAt: '07:00',
    cancellationCutoffMinutes: 120,
    hasWaitlist: true,
    pricing: standardAndMember(800, 550),
  },
  {
    category: 'fitness-classes',
    slug: 'spin-express',
    name: 'Spin Express',
    kind: 'class',
    durationMinutes: 30,
    description: 'A fast indoor cycling class. First-timers sign the studio safety waiver.',
    bookingWindowDays: 7,
    cancellationCutoffMinutes: 60,
    needsWaiver: true,
    hasWaitlist: true,
    pricing: standardAndMember(650, 450),
  },
  {
    category: 'fitness-classes',
    slug: 'hiit-circuit',
    name: 'HIIT Circuit',
    kind: 'class',
    durationMinutes: 45,
    description: 'High-intensity interval training in stations.',
    bookingWindowDays: 7,
    cancellationCutoffMinutes: 180,
    creditOnCancellation: false,
    pricing: standardAndMember(700, 500),
  },
  {
    category: 'swimming',
    slug: 'adult-swimming-course',
    name: 'Adult Swimming Course',
    kind: 'course',
    durationMinutes: 45,
    description: 'Six weekly lessons for adult beginners, bought together.',
    bookingWindowDays: 28,
    bookingOpensAt: '09:00',
    cancellationCutoffMinutes: 7 * 24 * 60,
    creditOnCancellation: false,
    pricing: standardAndMember(4800, 3900),
  },
  {
    category: 'tennis',
    slug: 'junior-tennis-course',
    name: 'Junior Tennis Course',
    kind: 'course',
    durationMinutes: 60,
    description: 'Eight Saturday-morning coaching sessions for ages 8 to 14.',
    bookingWindowDays: 28,
    bookingOpensAt: '09:00',
    cancellationCutoffMinutes: 7 * 24 * 60,
    creditOnCancellation: false,
    pricing: [{ name: 'Standard', tickets: [{ name: 'Junior', amount: 6400 }] }],
  },
];

const instructors = ['Jess Okafor', 'Tom Hughes', 'Aisha Khan', 'Ben Walsh', 'Maria Santos', 'Leo Fraser'];

const badminton40Starts = Array.from({ length: 11 }, (_, i) => {
  const minutes = 9 * 60 + i * 40;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
const badminton60Starts = ['17:00', '18:00', '19:00', '20:00', '21:00'];
const tennisStarts = Array.from({ length: 12 }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`);
const swimStarts = ['07:00', '08:00', '12:00', '13:00', '17:00', '18:00', '19:00', '20:00'];

function courts(prefix: string, name: string, area: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    slug: `${prefix}-${i + 1}`,
    name: `${name} ${i + 1}`,
    area,
  }));
}

/** The next date after today (1 to 7 days ahead) that falls on the weekday (0 Monday). */
/** `count` dates a week apart from `first`. */
function weeklyDates(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, week) => addDays(first, week * 7));
}

function nextWeekday(today: string, weekday: number): string {
  const ahead = (weekday - weekdayOf(today) + 7) % 7 || 7;
  return addDays(today, ahead);
}

/** A demo activity as the console's create call takes it. */
function activityInputOf(
  values: Omit<DemoActivity, 'category'>,
  categoryId: number,
  position: number,
): ActivityCreateInput {
  return {
    slug: values.slug,
    name: values.name,
    category_id: categoryId,
    kind: values.kind,
    duration_minutes: values.durationMinutes,
    position,
    ...(values.description !== undefined ? { description: values.description } : {}),
    ...(values.bookingWindowDays !== undefined ? { booking_window_days: values.bookingWindowDays } : {}),
    ...(values.bookingOpensAt !== undefined ? { booking_opens_at: values.bookingOpensAt } : {}),
    ...(values.cancellationCutoffMinutes !== undefined
      ? { cancellation_cutoff_minutes: values.cancellationCutoffMinutes }
      : {}),
    ...(values.creditOnCancellation !== undefined
      ? { credit_on_cancellation: values.creditOnCancellation }
      : {}),
    ...(values.needsWaiver !== undefined ? { needs_waiver: values.needsWaiver } : {}),
    ...(values.allowsAnonymousBookings !== undefined
      ? { allows_anonymous_bookings: values.allowsAnonymousBookings }
      : {}),
    ...(values.hasWaitlist !== undefined ? { has_waitlist: values.hasWaitlist } : {}),
    ...(values.tags !== undefined ? { tags: values.tags } : {}),
    pricing: values.pricing.map((option) => ({
      name: option.name,
      for_members: option.forMembers ?? false,
      tickets: option.tickets,
    })),
  };
}

export async function seedActivities(
  db: Database,
  clientId: number,
  venues: VenueRow[],
  now: Date = new Date(),
): Promise<void> {
  // Through the console's own services (issue 47), audited as the system's changes.
  const change = systemChange(clientId);
  const category = async (slug: string, name: string, position: number, parentId: number | null = null) =>
    (await createCategorySetup(db, change, { slug, name, position, parent_id: parentId })).id;
  const racquets = await category('racquet-sports', 'Racquet Sports', 1);
  const categoryIds: Record<string, number> = {
    badminton: await category('badminton', 'Badminton', 1, racquets),
    tennis: await category('tennis', 'Tennis', 2, racquets),
    swimming: await category('swimming', 'Swimming', 2),
    'fitness-classes': await category('fitness-classes', 'Fitness Classes', 3),
  };
  const activity: Record<string, ActivityRow> = {};
  for (const [position, demo] of demoActivities.entries()) {
    const { category, ...values } = demo;
    const categoryId = categoryIds[category];
    if (categoryId === undefined) throw new Error(`unknown demo category ${category}`);
    activity[demo.slug] = await createActivitySetup(
      db,
      change,
      activityInputOf(values, categoryId, position),
    );
  }
  const get = (slug: string): ActivityRow => {
    const row = activity[slug];
    if (!row) throw new Error(`unknown demo activity ${slug}`);
    return row;
  };

  const entries: NewTimetableEntry[] = [];
  const offers: { venueId: number; activityId: number }[] = [];
  /** Sessions sold out in the demo: by activity slug and local start time, and which courts. */
  const soldOut: { venueId: number; activityId: number; locationIds: number[]; startTime: string }[] = [];
  const courses: { venue: VenueRow; pool?: LocationRow; mini?: LocationRow }[] = [];

  for (const [index, venue] of venues.entries()) {
    const facilities = venueFacilities[venue.slug] ?? { hall: true, pool: true, studio: true, tennis: false };
    const offer = (slug: string) => offers.push({ venueId: venue.id, activityId: get(slug).id });
    const instructor = (n: number) => instructors[(index + n) % instructors.length] ?? null;
    const planned = [
      ...(facilities.hall ? courts('court', 'Court', 'Sports Hall', 4) : []),
      ...(facilities.tennis ? courts('outdoor-court', 'Outdoor Court', 'Outdoor Courts', 3) : []),
      ...(facilities.tennis ? [{ slug: 'mini-court', name: 'Mini Court', area: 'Outdoor Courts' }] : []),
      ...(facilities.pool ? courts('lane', 'Lane', 'Main Pool', 4) : []),
      ...(facilities.pool ? [{ slug: 'teaching-pool', name: 'Teaching Pool', area: 'Teaching Pool' }] : []),
      ...(facilities.studio ? [{ slug: 'studio-1', name: 'Studio 1', area: 'Studio' }] : []),
    ];
    const rows = await createLocationsSetup(
      db,
      change,
      venue.id,
      planned.map((location, position) => ({ ...location, position })),
    );
    const area = (name: string) => rows.filter((row) => row.area === name);
    const course: { venue: VenueRow; pool?: LocationRow; mini?: LocationRow } = { venue };

    if (facilities.hall) {
      const hall = area('Sports Hall');
      for (const slug of ['badminton-40min', 'badminton-60min']) offer(slug);
      for (const court of hall) {
        for (const startTime of badminton40Starts) {
          entries.push({
            activityId: get('badminton-40min').id,
            venueId: venue.id,
            locationId: court.id,
            startTime,
            capacity: 1,
          });
        }
        for (const startTime of badminton60Starts) {
          entries.push({
            activityId: get('badminton-60min').id,
            venueId: venue.id,
            locationId: court.id,
            startTime,
            capacity: 1,
          });
        }
      }
      const ids = hall.map((court) => court.id);
      soldOut.push({
        venueId: venue.id,
        activityId: get('badminton-60min').id,
        locationIds: ids.slice(0, 2),
        startTime: '18:00',
      });
      soldOut.push({
        venueId: venue.id,
        activityId: get('badminton-60min').id,
        locationIds: ids,
        startTime: '20:00',
      });
    }
    if (facilities.tennis) {
      offer('tennis-court-outdoor');
      offer('junior-tennis-course');
      for (const court of area('Outdoor Courts').filter((row) => row.slug !== 'mini-court')) {
        for (const startTime of tennisStarts) {
          entries.push({
            activityId: get('tennis-court-outdoor').id,
            venueId: venue.id,
            locationId: court.id,
            startTime,
            capacity: 1,
          });
        }
      }
      course.mini = rows.find((row) => row.slug === 'mini-court');
    }
    if (facilities.pool) {
      offer('swim-for-fitness');
      offer('adult-swimming-course');
      for (const lane of area('Main Pool')) {
        for (const startTime of swimStarts) {
          entries.push({
            activityId: get('swim-for-fitness').id,
            venueId: venue.id,
            locationId: lane.id,
            startTime,
            capacity: 6,
          });
        }
      }
      course.pool = rows.find((row) => row.slug === 'teaching-pool');
    }
    const studio = rows.find((row) => row.slug === 'studio-1');
    if (studio) {
      for (const slug of ['fitness-classes-c', 'yoga-flow', 'spin-express', 'hiit-circuit']) offer(slug);
      const cls = (slug: string, startTime: string, days: number, capacity: number, n: number) =>
        entries.push({
          activityId: get(slug).id,
          venueId: venue.id,
          locationId: studio.id,
          startTime,
          capacity,
          weekdayMask: days,
          instructorName: instructor(n),
        });
      cls('fitness-classes-c', '07:15', everyDay, 20, 0);
      cls('fitness-classes-c', '18:30', everyDay, 20, 1);
      cls('yoga-flow', '09:30', weekdayMask([0, 2, 4, 5]), 16, 2);
      cls('spin-express', '12:15', weekdayMask([1, 3]), 12, 3);
      cls('hiit-circuit', '19:30', weekdayMask([0, 1, 2, 3]), 15, 4);
      soldOut.push({
        venueId: venue.id,
        activityId: get('fitness-classes-c').id,
        locationIds: [studio.id],
        startTime: '18:30',
      });
    }
    courses.push(course);
  }

  const offeredAt = new Map<number, number[]>();
  for (const { venueId, activityId } of offers)
    offeredAt.set(activityId, [...(offeredAt.get(activityId) ?? []), venueId]);
  for (const [activityId, venueIds] of offeredAt) {
    await updateActivitySetup(db, change, activityId, { venue_ids: venueIds });
  }
  const created = await addTimetableEntries(db, entries);
  await extendTimetable(db, clientId, { now });

  const full = created
    .filter((entry) =>
      soldOut.some(
        (s) =>
          s.venueId === entry.venueId &&
          s.activityId === entry.activityId &&
          s.startTime === entry.startTime &&
          s.locationIds.includes(entry.locationId),
      ),
    )
    .map((entry) => entry.id);
  await fillTimetableSessions(db, full);

  // The courses go through the console's service (audited, the system as the actor).
  const system = { clientId, userId: null, email: null };
  for (const { venue, pool, mini } of courses) {
    const today = localDateOf(now, venue.timezone);
    if (pool) {
      await addDatedCourse(db, system, {
        activity: get('adult-swimming-course'),
        venue,
        location: pool,
        name: 'Adult Swimming Course (Mondays 7pm)',
        dates: weeklyDates(nextWeekday(today, 0), 6),
        startTime: '19:00',
        capacity: 10,
        instructorName: 'Maria Santos',
      });
    }
    if (mini) {
      await addDatedCourse(db, system, {
        activity: get('junior-tennis-course'),
        venue,
        location: mini,
        name: 'Junior Tennis Course (Saturdays 10am)',
        dates: weeklyDates(nextWeekday(today, 5), 8),
        startTime: '10:00',
        capacity: 8,
        instructorName: 'Ben Walsh',
      });
    }
  }
}
