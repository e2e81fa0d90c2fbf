import {
  type ProfilePhotoState,
  profilePhotoMessages,
  type Waiver,
  type WaiverGroup,
  waiverMessages,
} from '@leisure/contract/documents';
import { HttpResponse, http } from 'msw';
import { mockUser } from '../fixtures';
import { api, dayFromToday, fullDate, hasSession, invalid, notFound, unauthenticated } from './shared';

/**
 * The profile photo and waivers (my-account.md 2.8, 2.10, 7). The photo lives in the mock user, so
 * `auth/user` shows what was saved; signing a waiver shows as signed on the next read.
 */

const pad = (value: number) => String(value).padStart(2, '0');
/** 'DD/MM/YYYY HH:mm' */
const dateTimeString = (date: Date) =>
  `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
const instant = (date: Date) => ({
  date: { full_date: fullDate(date) },
  datetime_string: dateTimeString(date),
});

const initialPhoto: ProfilePhotoState = structuredClone(mockUser.profile_photo);

// ---- Profile photo --------------------------------------------------------------------------------

let photo: Blob | null = null;
let photoVersion = 0;

function setPhotoState(next: ProfilePhotoState): ProfilePhotoState {
  mockUser.profile_photo = next;
  return next;
}

// ---- Waivers --------------------------------------------------------------------------------------

const restrictions = {
  gym: { id: 11, name: 'Gym access', type: 'pre-waiver' as const },
  pool: { id: 12, name: 'Swimming', type: 'pre-waiver' as const },
  climbing: { id: 13, name: 'Climbing wall', type: 'enhanced-pre-waiver' as const },
};

const attendee = () => ({ id: mockUser.id, name: `${mockUser.first_name} ${mockUser.last_name}` });

function initialWaivers(): { restriction: WaiverGroup['restriction']; waiver: Waiver }[] {
  const signedGym = dayFromToday(-30, 9, 15);
  const signedPool = dayFromToday(-200, 10);
  return [
    {
      restriction: restrictions.gym,
      waiver: {
        id: 1,
        slug: 'gym-health-declaration',
        title: 'Gym health declaration',
        signed: { datetime_string: dateTimeString(signedGym), date: { full_date: fullDate(signedGym) } },
        expired: false,
        expires: instant(dayFromToday(335, 9, 15)),
        validity_days: 365,
        terms:
          '<p>I confirm I am in good health and know of no reason I cannot exercise.</p><p>I will tell staff of any change.</p>',
        questions: [
          {
            reference: 'induction',
            label: 'Have you completed a gym induction?',
            type: 'radio',
            required: true,
            answers: [
              { id: 'yes', answer: 'Yes' },
              { id: 'no', answer: 'No, I will book one' },
            ],
            given_answer: 'yes',
          },
        ],
        attendee: attendee(),
      },
    },
    {
      restriction: restrictions.pool,
      waiver: {
        id: 2,
        slug: 'pool-safety-rules',
        title: 'Pool safety rules',
        signed: { datetime_string: dateTimeString(signedPool), date: { full_date: fullDate(signedPool) } },
        // Signed 200 days ago, valid for 180: listed nowhere, and its own page says it has expired.
        expired: true,
        expires: instant(dayFromToday(-20, 10)),
        validity_days: 180,
        terms: '<p>No running on the poolside. Children under 8 must be supervised in the water.</p>',
        questions: [],
        attendee: attendee(),
      },
    },
    {
      restriction: restrictions.climbing,
      waiver: {
        id: 3,
        slug: 'climbing-wall-enhanced-waiver',
        title: 'Climbing wall enhanced waiver',
        signed: null,
        expired: false,
        expires: null,
        validity_days: 90,
        terms:
          '<p>Climbing carries a risk of injury.</p><ul><li>Always use the auto-belays correctly.</li></ul>',
        questions: [
          {
            reference: 'experience',
            label: 'Have you climbed on a roped wall before?',
            type: 'radio',
            required: true,
            answers: [
              { id: 'never', answer: 'Never' },
              { id: 'some', answer: 'A few times' },
              { id: 'regular', answer: 'Regularly' },
            ],
            given_answer: null,
          },
          {
            reference: 'belay',
            label: 'Who will belay you?',
            type: 'text',
            required: false,
            answers: [],
            given_answer: null,
          },
        ],
        attendee: attendee(),
      },
    },
  ];
}

let waivers = initialWaivers();

export function resetProfileAndWaiversMock(): void {
  waivers = initialWaivers();
  photo = null;
  photoVersion = 0;
  setPhotoState(structuredClone(initialPhoto));
}

const findWaiver = (slug: unknown) => waivers.find((entry) => entry.waiver.slug === slug);
const waiverNotFound = () => notFound(waiverMessages.notFound);

export const profileAndWaiversHandlers = [
  http.post(api('my-account/user/profile-photo/reminder/dismiss'), () => {
    if (!hasSession()) return unauthenticated();
    return HttpResponse.json({
      data: setPhotoState({ ...mockUser.profile_photo, reminder: { dismissed: true } }),
    });
  }),

  http.post(api('my-account/user/profile-photo'), async ({ request }) => {
    if (!hasSession()) return unauthenticated();
    if (!mockUser.profile_photo.authorisation.allowed)
      return HttpResponse.json({ message: profilePhotoMessages.notAllowed }, { status: 403 });
    const file = (await request.formData()).get('photo');
    if (!file || typeof file === 'string' || file.size === 0)
      return invalid('photo', profilePhotoMessages.required);
    if (file.size > 20_000_000) return invalid('photo', 'File size exceeds 20mb.');
    photo = file;
    photoVersion += 1;
    const next = setPhotoState({
      ...mockUser.profile_photo,
      is_set: true,
      url: `/api/my-account/user/profile-photo?v=${photoVersion}`,
    });
    return HttpResponse.json({ data: next });
  }),

  http.delete(api('my-account/user/profile-photo'), () => {
    if (!hasSession()) return unauthenticated();
    photo = null;
    return HttpResponse.json({
      data: setPhotoState({ ...mockUser.profile_photo, is_set: false, url: null }),
    });
  }),

  // The saved photo itself, as the API serves it to its owner.
  http.get(api('my-account/user/profile-photo'), () => {
    if (!hasSession()) return unauthenticated();
    if (!photo) return notFound();
    return new HttpResponse(photo, {
      headers: { 'content-type': photo.type || 'image/jpeg', 'cache-control': 'private, no-store' },
    });
  }),

  http.get(api('my-account/user/waivers'), () => {
    if (!hasSession()) return unauthenticated();
    const groups = new Map<number, WaiverGroup>();
    for (const { restriction, waiver } of waivers) {
      // Expired waivers are hidden from the list (my-account.md 2.8).
      if (waiver.expired) continue;
      const group = groups.get(restriction.id) ?? { restriction, waivers: [] };
      group.waivers.push(waiver);
      groups.set(restriction.id, group);
    }
    return HttpResponse.json({ data: [...groups.values()] });
  }),

  http.get(api('my-account/user/waivers/:slug'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    const entry = findWaiver(params.slug);
    if (!entry) return waiverNotFound();
    return HttpResponse.json({ data: { ...entry.waiver, restriction: entry.restriction } });
  }),

  http.post(api('my-account/user/waivers/:slug/sign'), async ({ params, request }) => {
    if (!hasSession()) return unauthenticated();
    const entry = findWaiver(params.slug);
    if (!entry) return waiverNotFound();
    const body = (await request.json()) as { answers?: Record<string, string> };
    const answers = body?.answers ?? {};
    const errors: Record<string, string[]> = {};
    for (const question of entry.waiver.questions) {
      const answer = answers[question.reference]?.trim() ?? '';
      if (!answer && question.required)
        errors[`answers.${question.reference}`] = [waiverMessages.answerRequired];
      else if (
        answer &&
        question.type === 'radio' &&
        !question.answers.some((option) => option.id === answer)
      )
        errors[`answers.${question.reference}`] = [waiverMessages.answerInvalid];
    }
    const first = Object.values(errors)[0]?.[0];
    if (first) return HttpResponse.json({ message: first, errors }, { status: 422 });
    const now = new Date();
    entry.waiver = {
      ...entry.waiver,
      signed: { datetime_string: dateTimeString(now), date: { full_date: fullDate(now) } },
      expired: false,
      expires: entry.waiver.validity_days
        ? instant(new Date(now.getTime() + entry.waiver.validity_days * 86_400_000))
        : null,
      questions: entry.waiver.questions.map((question) => ({
        ...question,
        given_answer: answers[question.reference]?.trim() || null,
      })),
    };
    return HttpResponse.json({ data: { ...entry.waiver, restriction: entry.restriction } });
  }),
];
