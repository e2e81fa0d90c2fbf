import {
  zBookingBundleResponse,
  zBookingsV2Response,
  zCancelBookingsResponse,
  zCancelBookingV2Response,
  zCancelBundleResponse,
  zMyBookingsResponse,
  zMyWaitlistResponse,
} from '@leisure/contract/bookings';
import { zProfilePhotoResponse, zWaiverResponse, zWaiversResponse } from '@leisure/contract/documents';
import { zFreezeTypesResponse, zMembershipFreezeResponse } from '@leisure/contract/freezes';
import {
  zGuestPassAllowancesResponse,
  zGuestPassListResponse,
  zGuestPassResponse,
} from '@leisure/contract/guest-passes';
import {
  zChangeCostsResponse,
  zChangeOptionsResponse,
  zRenewalDetailsResponse,
} from '@leisure/contract/membership-lifecycle';
import {
  zCancelInfoResponse,
  zCancelMembershipResponse,
  zEligibilityDocumentResponse,
  zMyMembershipsResponse,
} from '@leisure/contract/my-memberships';
import {
  zCreditsAddedResponse,
  zOrdersResponse,
  zPenaltiesResponse,
  zReceiptResponse,
  zSavedCardResponse,
  zSavedCardsResponse,
} from '@leisure/contract/payments';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getApiSettings } from '../shared/api/client';
import { accountHandlers, resetAccountMocks } from './account-handlers';
import { activitiesHandlers, mockSessions } from './activities-handlers';
import { mockBasket, resetMockBasket } from './basket-handlers';
import { mockUser } from './fixtures';

/** Smoke test of the mock-API mode's my-account handlers: they answer, in the contract's shapes. */

interface Upload {
  name: string;
  type: string;
  bytes: number[];
}

/**
 * A multipart body written out by hand: jsdom's FormData and File reach Node's fetch with the file
 * read as the text 'undefined', so the browser's encoding is spelled out here instead.
 */
function multipart(fields: Record<string, string | Upload>): {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
} {
  const boundary = 'mock-account-boundary';
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      parts.push(
        encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      parts.push(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type}\r\n\r\n`,
        ),
        new Uint8Array(value.bytes),
        encoder.encode('\r\n'),
      );
    }
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

// The activities mock after ours, as in handlers.ts: a basket add that is not fees falls through to it.
const server = setupServer(...accountHandlers, ...activitiesHandlers);

const penaltyLines = () =>
  mockBasket.items.filter((item) => item.cartable_type === 'penalty').map((item) => item.cartable_id);
const origin = 'http://localhost';

function setSession(present: boolean): void {
  const name = getApiSettings().csrfCookie;
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the mock session cookie.
  document.cookie = present ? `${name}=mock-csrf; path=/` : `${name}=; path=/; max-age=0`;
}

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const init: RequestInit = { method };
  if (body && typeof body === 'object' && 'contentType' in body && 'body' in body) {
    const form = body as ReturnType<typeof multipart>;
    init.body = form.body;
    init.headers = { 'content-type': form.contentType };
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const response = await fetch(`${origin}/api/${path}`, init);
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => setSession(true));
afterEach(() => {
  resetAccountMocks();
  resetMockBasket();
  setSession(false);
});
afterAll(() => server.close());

describe('account mock handlers', () => {
  it('answers 401 without the mock session', async () => {
    setSession(false);
    expect((await call('GET', 'my-account/bookings?filter=future')).status).toBe(401);
    expect((await call('GET', 'my-account/user/memberships')).status).toBe(401);
  });

  it('lists bookings and a v1 cancel removes one with a credit message', async () => {
    const upcoming = zMyBookingsResponse.parse((await call('GET', 'my-account/bookings?filter=future')).json);
    expect(upcoming.data.map((booking) => booking.id)).toContain(101);
    const dates = upcoming.data.map((booking) => booking.item.starts_at.raw);
    expect(dates).toEqual([...dates].sort());
    const past = zMyBookingsResponse.parse((await call('GET', 'my-account/bookings?filter=past')).json);
    expect(past.data.length).toBeGreaterThan(0);

    const cancelBody = {
      data: { cancellation_source: 'my-account', update_type: 'cancellation', booking_ids: [101] },
    };
    const cancelled = await call('PATCH', 'v1/activities/bookings', cancelBody);
    expect(cancelled.status).toBe(200);
    const credit = zCancelBookingsResponse.parse(cancelled.json).credit;
    expect(credit).toMatchObject({ amount: 750, message: '£7.50 has been added to your account credit.' });
    const after = zMyBookingsResponse.parse((await call('GET', 'my-account/bookings?filter=future')).json);
    expect(after.data.map((booking) => booking.id)).not.toContain(101);

    // Past its cut-off: refused, and it stays.
    const late = await call('PATCH', 'v1/activities/bookings', {
      data: { ...cancelBody.data, booking_ids: [102] },
    });
    expect(late.status).toBe(422);
    const added = zCreditsAddedResponse.parse((await call('GET', 'credits/user')).json);
    expect(added.data.credits[0]?.value.raw).toBe(750);
  });

  it('answers v2 bookings, the waitlist and the course bundle', async () => {
    const after = new Date().toISOString();
    const v2 = zBookingsV2Response.parse(
      (await call('GET', `v1/activities/bookings?user_id=${mockUser.id}&starts_after=${after}`)).json,
    );
    const [first] = v2.data;
    expect(first).toBeDefined();
    const deleted = await call('DELETE', `activities/bookings/${first?.id}/?source=my-account`);
    expect(deleted.status).toBe(200);
    expect(zCancelBookingV2Response.parse(deleted.json).data.status).toBe('cancelled');

    const waitlist = zMyWaitlistResponse.parse((await call('GET', 'my-account/waitlist')).json);
    const entry = waitlist.data[0];
    expect((await call('DELETE', `my-account/waitlist/${entry?.id}`)).status).toBe(200);
    const left = zMyWaitlistResponse.parse((await call('GET', 'my-account/waitlist')).json);
    expect(left.data).toHaveLength(waitlist.data.length - 1);

    const bundle = zBookingBundleResponse.parse(
      (await call('GET', 'v1/activities/bookings/bundles/900?cancellation_source=my-account')).json,
    );
    expect(bundle.data.cancellation.can_cancel).toBe(true);
    const cancel = await call(
      'PATCH',
      'v1/activities/bookings/bundles/900/cancel?cancellation_source=my-account',
    );
    const answer = zCancelBundleResponse.parse(cancel.json);
    expect(answer.credit.amount).toBe(4000);
    expect(answer.data.cancellation.can_cancel).toBe(false);
    expect((await call('GET', 'v1/activities/bookings/bundles/1')).status).toBe(404);
  });

  it('pages guest passes ten at a time and a sent pass comes first', async () => {
    const base = `v1/users/${mockUser.id}/guestPasses`;
    const page2 = zGuestPassListResponse.parse((await call('GET', `${base}?page=2&per_page=10`)).json);
    expect(page2.data).toHaveLength(10);
    expect(page2.meta.pagination).toEqual({
      current_page: 2,
      total_pages: 3,
      total_records: 23,
      first_record_on_current_page: 11,
      last_record_on_current_page: 20,
    });

    const sent = await call('POST', base, {
      data: { guest_name: 'Ada Lovelace', guest_email: 'ada@example.net', venue_id: 1 },
    });
    expect(sent.status).toBe(201);
    const pass = zGuestPassResponse.parse(sent.json).data;
    const page1 = zGuestPassListResponse.parse((await call('GET', `${base}?page=1&per_page=10`)).json);
    expect(page1.data[0]).toEqual(pass);
    expect(page1.meta.pagination.total_records).toBe(24);
    zGuestPassResponse.parse((await call('GET', `${base}/${pass.id}`)).json);

    const allowances = zGuestPassAllowancesResponse.parse((await call('GET', `${base}/allowances`)).json);
    expect(allowances.data[0]?.uses_remaining).toBe(2);
    const noVenue = await call('POST', base, { data: { guest_name: 'Ada', guest_email: 'ada@example.net' } });
    expect(noVenue.status).toBe(422);
    expect((await call('GET', 'v1/users/999/guestPasses')).status).toBe(403);
  });

  it('lists memberships in several states, with the debt case, freeze, upload, renew and change', async () => {
    const list = zMyMembershipsResponse.parse((await call('GET', 'my-account/user/memberships')).json);
    const statuses = new Set(list.data.map((membership) => membership.status));
    for (const status of ['pending', 'active', 'frozen', 'expired', 'freeze pending approval'] as const) {
      expect(statuses).toContain(status);
    }
    expect(list.data[0]?.status).toBe('pending');

    const renewal = zRenewalDetailsResponse.parse((await call('GET', 'memberships/43/renew')).json);
    expect(renewal.data.can_renew).toBe(true);
    expect((await call('POST', 'memberships/43/renew')).status).toBe(200);

    const debt = zCancelInfoResponse.parse((await call('GET', 'memberships/41/cancel')).json).data;
    expect(debt.has_outstanding_penalties_due).toBe(true);
    expect(debt.total_owed.formatted).toBe('£12.50');
    const awaiting = zCancelMembershipResponse.parse((await call('POST', 'memberships/41/cancel')).json).data;
    expect(awaiting).toMatchObject({ state: 'awaiting_payment', checkout_required: true });
    // The debts wait in the basket for /basket/checkout.
    expect(penaltyLines()).toEqual([1, 2]);
    const fixed = zCancelMembershipResponse.parse((await call('POST', 'memberships/43/cancel')).json).data;
    expect(fixed.membership.status).toBe('cancelled');

    const types = zFreezeTypesResponse.parse(
      (await call('GET', 'my-account/user/memberships/41/freezetypes')).json,
    );
    const freeze = multipart({
      freeze_type_id: '2',
      active_from: types.data.min_freeze_start_date,
      months: '1',
    });
    const frozen = await call('POST', 'my-account/user/memberships/42/freeze', freeze);
    expect(frozen.status).toBe(201);
    zMembershipFreezeResponse.parse(frozen.json);

    const upload = multipart({
      eligibility_document_type_id: '12',
      membership_id: '42',
      eligibility_criterion_id: '4',
      document: { name: 'nus.pdf', type: 'application/pdf', bytes: [37, 80, 68, 70] },
    });
    const uploaded = await call('POST', 'my-account/eligibility/document', upload);
    expect(uploaded.status).toBe(201);
    expect(zEligibilityDocumentResponse.parse(uploaded.json).data.status).toBe('pending');

    const options = zChangeOptionsResponse.parse((await call('GET', 'memberships/42/change')).json);
    const option = options.data.membership_types[0]?.payment_options[0];
    zChangeCostsResponse.parse((await call('GET', `memberships/42/change/${option?.id}`)).json);
  });

  it('answers the saved card, fees, orders with a date filter and a PDF receipt', async () => {
    const cards = zSavedCardsResponse.parse((await call('GET', 'my-account/saved-cards')).json);
    const card = cards.data[0];
    expect(card).toBeDefined();
    const billing = {
      first_name: 'Morgan',
      last_name: 'Reed',
      address_line_1: '2 Canal Wharf',
      address_line_2: '',
      city: 'Leeds',
      post_code: 'ls11 5pz',
    };
    const updated = zSavedCardResponse.parse(
      (await call('PUT', `my-account/saved-cards/${card?.id}/update`, billing)).json,
    );
    expect(updated.data.post_code).toBe('LS11 5PZ');
    expect((await call('DELETE', `my-account/saved-cards/${card?.id}/remove`)).status).toBe(200);
    expect(zSavedCardsResponse.parse((await call('GET', 'my-account/saved-cards')).json).data).toEqual([]);

    expect(zPenaltiesResponse.parse((await call('GET', 'my-account/user/penalties')).json).data).toHaveLength(
      2,
    );

    const added = await call('POST', 'activities/cart/add', { items: [{ id: 2, type: 'penalty' }] });
    expect(added.status).toBe(200);
    expect(penaltyLines()).toEqual([2]);
    expect((await call('POST', 'activities/cart/add', { items: [{ id: 99, type: 'penalty' }] })).status).toBe(
      422,
    );
    const session = mockSessions.find((candidate) => candidate.places > 0);
    const activity = await call('POST', 'activities/cart/add', {
      items: [{ id: session?.id, type: 'activity' }],
    });
    expect(activity.status).toBe(200);

    const all = zOrdersResponse.parse((await call('GET', 'my-account/orders')).json);
    expect(all.meta).toMatchObject({ current_page: 1, last_page: 2, total: 26 });
    const newest = all.data[0];
    const day = newest?.ordered_at.slice(0, 10) ?? '';
    const filtered = zOrdersResponse.parse(
      (await call('GET', `my-account/orders?from=${day}&to=${day}`)).json,
    );
    expect(filtered.data.map((order) => order.id)).toEqual([newest?.id]);
    expect((await call('GET', 'my-account/orders?from=2026-02-01&to=2026-01-01')).status).toBe(422);

    const receipt = zReceiptResponse.parse(
      (await call('GET', `my-account/orders/${newest?.uuid}/receipt`)).json,
    );
    const pdf = atob(receipt.data.contents);
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain(newest?.reference);
    // A real PDF: the cross-reference table points at each object and the stream length is right.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => {
      expect(pdf.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`);
    });
    const stream = /\/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(pdf);
    expect(stream?.[2]?.length).toBe(Number(stream?.[1]));
  });

  it('signs a waiver and saves and deletes the profile photo', async () => {
    const waivers = zWaiversResponse.parse((await call('GET', 'my-account/user/waivers')).json);
    expect(waivers.data.flatMap((group) => group.waivers).some((waiver) => waiver.expired)).toBe(false);
    const expired = zWaiverResponse.parse(
      (await call('GET', 'my-account/user/waivers/pool-safety-rules')).json,
    );
    expect(expired.data.expired).toBe(true);
    expect((await call('GET', 'my-account/user/waivers/nope')).status).toBe(404);
    const missing = await call('POST', 'my-account/user/waivers/climbing-wall-enhanced-waiver/sign', {
      answers: {},
    });
    expect(missing.status).toBe(422);
    const signed = zWaiverResponse.parse(
      (
        await call('POST', 'my-account/user/waivers/climbing-wall-enhanced-waiver/sign', {
          answers: { experience: 'some' },
        })
      ).json,
    );
    expect(signed.data.signed).not.toBeNull();

    const form = multipart({
      photo: { name: 'photo.jpg', type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff, 0xe0] },
    });
    const saved = zProfilePhotoResponse.parse(
      (await call('POST', 'my-account/user/profile-photo', form)).json,
    );
    expect(saved.data.is_set).toBe(true);
    expect(mockUser.profile_photo.is_set).toBe(true);
    const image = await fetch(`${origin}${saved.data.url}`);
    expect(new Uint8Array(await image.arrayBuffer())[0]).toBe(0xff);
    const removed = zProfilePhotoResponse.parse((await call('DELETE', 'my-account/user/profile-photo')).json);
    expect(removed.data).toMatchObject({ is_set: false, url: null });
  });
});
