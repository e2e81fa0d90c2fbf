import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails } from '../db/schema';
import {
  api,
  billing,
  cardToken,
  createFixture,
  createUser,
  type Fixture,
} from '../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../test/harness';

/**
 * The links the server hands out (docs/decisions/016-public-urls.md, issue 44): emails link to the
 * PUBLIC_*_URL settings, else the fallback origin, and the client's `urls` are the settings, else
 * same-origin paths: never the Host or X-Forwarded-Host a request names. Only the sandbox card frame
 * follows the origin of the checkout page that asks for it.
 */

async function appWith(settings: Record<string, string> = {}): Promise<{ t: TestApp; f: Fixture }> {
  const t = await startTestApp(settings);
  return { t, f: await createFixture(t.db) };
}

async function clientUrls(t: TestApp, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/client', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.urls as Record<string, string>;
}

/** A customer with a court (one place each: `court` picks which) in the basket, and their checkout's setup. */
async function prepared(t: TestApp, f: Fixture, headers: Record<string, string>, court = 0) {
  const http = api(t.app);
  const user = await createUser(t.db, f.clientId);
  const added = await http.post('/api/activities/cart/add', user.headers, {
    items: [{ id: f.courtSessions[court]?.id ?? 0, type: 'activity' }],
  });
  expect(added.statusCode, added.body).toBe(200);
  const res = await http.get('/api/checkout/prepare', { ...user.headers, ...headers });
  expect(res.statusCode, res.body).toBe(200);
  return {
    ...user,
    cart: added.json().data,
    setup: res.json().data as { frame_url: string; frame_origin: string },
  };
}

function frame(t: TestApp, parent: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'GET',
    url: `/sandbox-pay/frame?origin=${encodeURIComponent(parent)}`,
    headers,
  });
}

async function emailTo(t: TestApp, address: string, template: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.toAddress, address), eq(outboundEmails.template, template)));
  return mail?.text ?? '';
}

/** A reset link asked for with these headers (the welcome email: modules/auth/account-emails.test.ts). */
async function resetLink(t: TestApp, f: Fixture, headers: Record<string, string>) {
  const { user } = await createUser(t.db, f.clientId);
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/customer/forgotten-password',
    headers,
    payload: { email_or_reference: user.email },
  });
  expect(reset.statusCode, reset.body).toBe(200);
  return emailTo(t, user.email, 'password_reset');
}

/** Pays for one court with a card, asking with these headers; answers the confirmation's text. */
async function orderConfirmation(t: TestApp, f: Fixture, headers: Record<string, string>, court: number) {
  const { headers: auth, cart, user } = await prepared(t, f, {}, court);
  const res = await api(t.app).post(
    '/api/checkout/complete',
    { ...auth, ...headers },
    {
      completed_waivers: [],
      payments: [{ tender_type: 'card', amount: cart.total, info: null }],
      item_hash: cart.item_hash,
      source: 'activity-booking',
      terms: [f.termId],
      card: { token: await cardToken(t.app), save_card: false, billing },
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { orderId: res.json().complete_order_id, text: await emailTo(t, user.email, 'order-confirmation') };
}

describe('without PUBLIC_*_URL settings', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    ({ t, f } = await appWith());
  });
  afterAll(async () => t?.close());

  it('answers the sub-sites as same-origin paths, whatever host the request names', async () => {
    for (const host of ['127.0.0.1:4610', 'evil.example', 'evil.example/phish?x=']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/client', headers: { host } });
      expect(res.json().data.urls).toEqual({ bookings: '', account: '/account', joining: '/join' });
      expect(res.headers.vary ?? '').not.toContain('host');
    }
  });

  it('serves the card frame from the checkout page’s own origin, which may embed it', async () => {
    const host = '127.0.0.1:4610';
    const { setup } = await prepared(t, f, { host });
    expect(setup.frame_origin).toBe('http://127.0.0.1:4610');
    expect(setup.frame_url).toBe(
      'http://127.0.0.1:4610/sandbox-pay/frame?origin=http%3A%2F%2F127.0.0.1%3A4610',
    );
    const served = await frame(t, 'http://127.0.0.1:4610', { host });
    expect(served.statusCode).toBe(200);
    expect(String(served.headers['content-security-policy'])).toContain(
      'frame-ancestors http://127.0.0.1:4610',
    );
    // A page on another host may not embed the frame served here.
    expect((await frame(t, 'http://evil.example', { host })).statusCode).toBe(400);
    expect((await frame(t, 'http://127.0.0.1:4610', { host: 'localhost:4610' })).statusCode).toBe(400);
  });

  it('links every email to the fallback origin, never to the Host a request names', async () => {
    const fallback = t.config.publicUrls.fallbackOrigin;
    for (const host of ['evil.example', '127.0.0.1:4610']) {
      const reset = await resetLink(t, f, { host });
      expect(reset).toContain(`${fallback}/account/password-reset/`);
      expect(reset).not.toContain(host);
    }
    const order = await orderConfirmation(t, f, { host: 'evil.example' }, 1);
    expect(order.text).toContain(`${fallback}/booking-confirmed/${order.orderId}`);
    expect(order.text).not.toContain('evil.example');
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    ({ t, f } = await appWith({ TRUST_PROXY: '1' }));
  });
  afterAll(async () => t?.close());

  it('links no email to a forwarded host', async () => {
    const forged = {
      host: '10.0.0.5:3000',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    const fallback = t.config.publicUrls.fallbackOrigin;
    const reset = await resetLink(t, f, forged);
    expect(reset).toContain(`${fallback}/account/password-reset/`);
    const order = await orderConfirmation(t, f, forged, 1);
    expect(order.text).toContain(`${fallback}/booking-confirmed/${order.orderId}`);
    for (const text of [reset, order.text]) expect(text).not.toContain('evil.example');
  });
});

describe('with PUBLIC_*_URL settings (sub-domains)', () => {
  const settings = {
    PUBLIC_BOOKINGS_URL: 'https://bookings.example.com',
    PUBLIC_ACCOUNT_URL: 'https://myaccount.example.com',
    PUBLIC_JOINING_URL: 'https://join.example.com',
  };
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    ({ t, f } = await appWith({ ...settings, TRUST_PROXY: '1' }));
  });
  afterAll(async () => t?.close());

  it('answers the settings whatever Host or X-Forwarded-Host a request forges', async () => {
    const expected = {
      bookings: 'https://bookings.example.com',
      account: 'https://myaccount.example.com',
      joining: 'https://join.example.com',
    };
    expect(await clientUrls(t, { host: 'evil.example' })).toEqual(expected);
    expect(await clientUrls(t, { host: 'bookings.example.com', 'x-forwarded-host': 'evil.example' })).toEqual(
      expected,
    );
  });

  it('links every email to the settings whatever Host or X-Forwarded-Host a request forges', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const reset = await resetLink(t, f, forged);
    expect(reset).toContain('https://myaccount.example.com/password-reset/');
    const order = await orderConfirmation(t, f, forged, 1);
    expect(order.text).toContain(`https://bookings.example.com/booking-confirmed/${order.orderId}`);
    for (const text of [reset, order.text]) expect(text).not.toContain('evil.example');
  });

  it('serves the card frame on the bookings URL for the sub-sites only', async () => {
    const { setup } = await prepared(t, f, { host: 'evil.example' });
    expect(setup.frame_origin).toBe('https://bookings.example.com');
    expect(setup.frame_url).toBe(
      'https://bookings.example.com/sandbox-pay/frame?origin=https%3A%2F%2Fbookings.example.com',
    );
    const served = await frame(t, 'https://myaccount.example.com', { host: 'evil.example' });
    expect(served.statusCode).toBe(200);
    expect(String(served.headers['content-security-policy'])).toContain(
      'frame-ancestors https://bookings.example.com https://myaccount.example.com https://join.example.com',
    );
    expect((await frame(t, 'http://evil.example', { host: 'evil.example' })).statusCode).toBe(400);
  });
});
