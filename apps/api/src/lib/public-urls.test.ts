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
 * The links the server hands out follow the host the browser used when no PUBLIC_*_URL is set
 * (docs/decisions/016-public-urls.md): the client's `urls`, the card frame and its parents, and the
 * emails a request sends. Settings, when given, win over any Host header.
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

describe('without PUBLIC_*_URL settings', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    ({ t, f } = await appWith());
  });
  afterAll(async () => t?.close());

  it('answers the sub-sites under the host the browser asked for', async () => {
    expect(await clientUrls(t, { host: '127.0.0.1:4610' })).toEqual({
      bookings: 'http://127.0.0.1:4610',
      account: 'http://127.0.0.1:4610/account',
      joining: 'http://127.0.0.1:4610/join',
    });
    expect(await clientUrls(t, { host: 'leisure.lan' })).toEqual({
      bookings: 'http://leisure.lan',
      account: 'http://leisure.lan/account',
      joining: 'http://leisure.lan/join',
    });
  });

  it('ignores X-Forwarded-Host and -Proto without TRUST_PROXY', async () => {
    const urls = await clientUrls(t, {
      host: '10.0.0.5:3000',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(urls.bookings).toBe('http://10.0.0.5:3000');
  });

  it('never builds a link from a malformed Host', async () => {
    const urls = await clientUrls(t, { host: 'evil.example/phish?x=' });
    expect(urls.bookings).toBe(t.config.publicUrls.fallbackOrigin);
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

  it('links the order confirmation to the host the customer paid on', async () => {
    const { headers, cart, user } = await prepared(t, f, {}, 1);
    const res = await api(t.app).post(
      '/api/checkout/complete',
      { ...headers, host: '192.168.1.20:3000' },
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
    const orderId = res.json().complete_order_id;
    expect(await emailTo(t, user.email, 'order-confirmation')).toContain(
      `http://192.168.1.20:3000/booking-confirmed/${orderId}`,
    );
  });

  it('puts a reset token only in a link to this machine, never to a forged host', async () => {
    const forged = await createUser(t.db, f.clientId);
    const reset = (email: string, host: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/forgotten-password',
        headers: { host },
        payload: { email_or_reference: email },
      });
    expect((await reset(forged.user.email, 'evil.example')).statusCode).toBe(200);
    const forgedText = await emailTo(t, forged.user.email, 'password_reset');
    expect(forgedText).toContain(`${t.config.publicUrls.fallbackOrigin}/account/password-reset/`);
    expect(forgedText).not.toContain('evil.example');

    const local = await createUser(t.db, f.clientId);
    expect((await reset(local.user.email, '127.0.0.1:4610')).statusCode).toBe(200);
    expect(await emailTo(t, local.user.email, 'password_reset')).toContain(
      'http://127.0.0.1:4610/account/password-reset/',
    );
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await appWith({ TRUST_PROXY: '1' }));
  });
  afterAll(async () => t?.close());

  it('follows X-Forwarded-Host and -Proto', async () => {
    const urls = await clientUrls(t, {
      host: '10.0.0.5:3000',
      'x-forwarded-host': 'bookings.example.org',
      'x-forwarded-proto': 'https',
    });
    expect(urls).toEqual({
      bookings: 'https://bookings.example.org',
      account: 'https://bookings.example.org/account',
      joining: 'https://bookings.example.org/join',
    });
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
