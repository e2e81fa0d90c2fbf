import type { AuthUser } from '@leisure/contract/auth';
import type { ProfilePhotoState, Waiver, WaiverGroup } from '@leisure/contract/documents';
import { HttpResponse, http } from 'msw';
import { writeCookie } from '../../shared/api/client';
import { server, wireUser } from './account-api';

/**
 * MSW for the profile photo and waivers (my-account.md 2.8, 2.10): wire (snake_case) fixtures and
 * stateful handlers, so signing shows as signed on the next read and a saved photo is set.
 */

export const photoUnset: ProfilePhotoState = {
  authorisation: { allowed: true },
  url: null,
  is_set: false,
  reminder: { dismissed: false },
};

export const photoSet: ProfilePhotoState = {
  authorisation: { allowed: true },
  url: '/api/my-account/user/profile-photo?v=12',
  is_set: true,
  reminder: { dismissed: false },
};

const attendee = { id: 7, name: 'Alex Morgan' };

function wireWaiver(overrides: Partial<Waiver> = {}): Waiver {
  return {
    id: 1,
    slug: 'gym-health-declaration',
    title: 'Gym health declaration',
    signed: { datetime_string: '25/10/2026 09:15', date: { full_date: '25 Oct 2026' } },
    expired: false,
    expires: { date: { full_date: '25 Oct 2027' }, datetime_string: '25/10/2027 09:15' },
    validity_days: 365,
    terms: '<p>I am in good health.</p>',
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
    attendee,
    ...overrides,
  };
}

const climbingWaiver: Waiver = wireWaiver({
  id: 3,
  slug: 'climbing-wall-enhanced-waiver',
  title: 'Climbing wall enhanced waiver',
  signed: null,
  expires: null,
  validity_days: 90,
  terms: '<p>Climbing is risky.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
  questions: [
    {
      reference: 'experience',
      label: 'Have you climbed on a roped wall before?',
      type: 'radio',
      required: true,
      answers: [
        { id: 'never', answer: 'Never' },
        { id: 'some', answer: 'A few times' },
      ],
      given_answer: null,
    },
    {
      reference: 'belay',
      label: 'Who will belay you?',
      type: 'text',
      required: true,
      answers: [],
      given_answer: null,
    },
  ],
});

const expiredPoolWaiver: Waiver = wireWaiver({
  id: 2,
  slug: 'pool-safety-rules',
  title: 'Pool safety rules',
  signed: { datetime_string: '08/05/2026 10:00', date: { full_date: '8 May 2026' } },
  expired: true,
  expires: { date: { full_date: '4 Nov 2026' }, datetime_string: '04/11/2026 10:00' },
  validity_days: 180,
  terms: '<p>No running on the poolside.</p>',
  questions: [],
});

const restrictions = {
  gym: { id: 11, name: 'Gym access', type: 'pre-waiver' as const },
  pool: { id: 12, name: 'Swimming', type: 'pre-waiver' as const },
  climbing: { id: 13, name: 'Climbing wall', type: 'enhanced-pre-waiver' as const },
};

export interface WaiversState {
  waivers: { restriction: WaiverGroup['restriction']; waiver: Waiver }[];
  signRequests: { slug: string; body: unknown }[];
  /** Answer the next sign call with this 422 instead. */
  rejectNextSign: { message: string; errors: Record<string, string[]> } | null;
}

/** Stateful handlers for the waiver calls; answers the state so a test can read the requests. */
export function installWaiverHandlers(initial: Partial<WaiversState> = {}): WaiversState {
  const state: WaiversState = {
    waivers: [
      { restriction: restrictions.gym, waiver: wireWaiver() },
      { restriction: restrictions.pool, waiver: expiredPoolWaiver },
      { restriction: restrictions.climbing, waiver: climbingWaiver },
    ],
    signRequests: [],
    rejectNextSign: null,
    ...initial,
  };
  const find = (slug: unknown) => state.waivers.find((entry) => entry.waiver.slug === slug);
  const notFound = () => HttpResponse.json({ message: 'Could not find this waiver.' }, { status: 404 });
  server.use(
    http.get('/api/my-account/user/waivers', () => {
      const groups = new Map<number, WaiverGroup>();
      for (const { restriction, waiver } of state.waivers) {
        if (waiver.expired) continue;
        const group = groups.get(restriction.id) ?? { restriction, waivers: [] };
        group.waivers.push(waiver);
        groups.set(restriction.id, group);
      }
      return HttpResponse.json({ data: [...groups.values()] });
    }),
    http.get('/api/my-account/user/waivers/:slug', ({ params }) => {
      const entry = find(params.slug);
      if (!entry) return notFound();
      return HttpResponse.json({ data: { ...entry.waiver, restriction: entry.restriction } });
    }),
    http.post('/api/my-account/user/waivers/:slug/sign', async ({ params, request }) => {
      const entry = find(params.slug);
      if (!entry) return notFound();
      const body = (await request.json()) as { answers: Record<string, string> };
      state.signRequests.push({ slug: String(params.slug), body });
      if (state.rejectNextSign) {
        const rejection = state.rejectNextSign;
        state.rejectNextSign = null;
        return HttpResponse.json(rejection, { status: 422 });
      }
      entry.waiver = {
        ...entry.waiver,
        signed: { datetime_string: '24/11/2026 14:31', date: { full_date: '24 Nov 2026' } },
        expired: false,
        expires: entry.waiver.validity_days
          ? { date: { full_date: '22 Feb 2027' }, datetime_string: '22/02/2027 14:31' }
          : null,
        questions: entry.waiver.questions.map((q) => ({
          ...q,
          given_answer: body.answers[q.reference] ?? null,
        })),
      };
      return HttpResponse.json({ data: { ...entry.waiver, restriction: entry.restriction } });
    }),
  );
  return state;
}

export interface PhotoState {
  photo: ProfilePhotoState;
  uploads: { field: string; type: string; size: number }[];
  deletes: number;
  dismissals: number;
}

/** Stateful handlers for the profile photo calls; the auth user follows the photo state. */
export function installPhotoHandlers(
  photo: ProfilePhotoState = photoUnset,
  user: AuthUser = wireUser,
): PhotoState {
  const state: PhotoState = { photo, uploads: [], deletes: 0, dismissals: 0 };
  writeCookie('leisure_xsrf=x; path=/'); // the session cookie's stand-in
  server.use(
    http.get('/api/auth/user', () => HttpResponse.json({ data: { ...user, profile_photo: state.photo } })),
    http.post('/api/my-account/user/profile-photo', async ({ request }) => {
      const form = await request.formData();
      for (const [field, value] of form.entries()) {
        if (typeof value !== 'string') state.uploads.push({ field, type: value.type, size: value.size });
      }
      state.photo = {
        ...state.photo,
        is_set: true,
        url: `/api/my-account/user/profile-photo?v=${20 + state.uploads.length}`,
      };
      return HttpResponse.json({ data: state.photo });
    }),
    http.delete('/api/my-account/user/profile-photo', () => {
      state.deletes += 1;
      state.photo = { ...state.photo, is_set: false, url: null };
      return HttpResponse.json({ data: state.photo });
    }),
    http.post('/api/my-account/user/profile-photo/reminder/dismiss', () => {
      state.dismissals += 1;
      state.photo = { ...state.photo, reminder: { dismissed: true } };
      return HttpResponse.json({ data: state.photo });
    }),
    http.get('/api/my-account/user/profile-photo', () =>
      HttpResponse.arrayBuffer(new Uint8Array([0xff, 0xd8, 0xff]).buffer, {
        headers: { 'content-type': 'image/jpeg' },
      }),
    ),
  );
  return state;
}
