import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
const nextYear = new Date().getUTCFullYear() + 1;
// light-my-request names the host localhost:80; with no PUBLIC_*_URL our pages are on that host.
const origin = 'http://localhost';

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

function tokenise(
  card: Partial<Record<'card_number' | 'cvc' | 'name', string>> & {
    expiry_month?: number;
    expiry_year?: number;
  } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/sandbox-pay/tokens',
    payload: {
      card_number: '4242 4242 4242 4242',
      expiry_month: 12,
      expiry_year: nextYear,
      cvc: '123',
      name: 'Jo Bloggs',
      ...card,
    },
  });
}

describe('GET /sandbox-pay/frame', () => {
  it('serves the card form for our own pages, with a strict CSP and no inline script', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/sandbox-pay/frame?origin=${encodeURIComponent(origin)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`frame-ancestors ${origin}`);
    expect(res.body).toContain('<label for="card_number">Card number</label>');
    expect(res.body).toContain('Expiry (MM/YY)');
    expect(res.body).toContain('Name on card');
    expect(res.body).toContain(`data-parent-origin="${origin}"`);
    // The embedding checkout page has the one main landmark.
    expect(res.body).not.toMatch(/<main[\s>]/);
    // Every script is a separate file.
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const script = res.body.match(/<script src="([^"]+)"/)?.[1] ?? '';
    const js = await t.app.inject({ method: 'GET', url: script });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.body).toContain('sandbox-pay:token');
    // A token is not a payment: the frame never tells a card it is accepted (the bank may decline it).
    expect(js.body).not.toContain('accepted');
  });

  it('refuses a parent that is not one of our public URLs', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sandbox-pay/frame?origin=https%3A%2F%2Fevil.example',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('card_number');
  });
});

describe('POST /sandbox-pay/tokens', () => {
  it('tokenises a valid card and answers what may be shown', async () => {
    const res = await tokenise();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.card).toEqual({ brand: 'visa', last4: '4242', expiry_month: 12, expiry_year: nextYear });
    expect(body.token).toMatch(/^tok_sbx_/);
    await expect(t.app.paymentProvider.describeToken(body.token)).resolves.toMatchObject({ last4: '4242' });
  });

  it('answers field errors for a number that fails Luhn, an expired card and a bad CVC', async () => {
    const luhn = await tokenise({ card_number: '4242 4242 4242 4241' });
    expect(luhn.statusCode).toBe(422);
    expect(luhn.json().errors).toEqual({ card_number: ['Please enter a valid card number'] });

    const expired = await tokenise({ expiry_month: 1, expiry_year: 2020 });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ expiry_year: ['Please enter a valid expiry date'] });

    const cvc = await tokenise({ cvc: '12345' });
    expect(cvc.statusCode).toBe(422);
    expect(cvc.json().errors).toEqual({ cvc: ['Please enter a valid security code'] });
  });

  it('lets an unknown number that passes Luhn succeed', async () => {
    const res = await tokenise({ card_number: '4111 1111 1111 1111' });
    expect(res.statusCode).toBe(200);
    const charged = await t.app.paymentProvider.charge({
      token: res.json().token,
      amount: 500,
      currency: 'GBP',
      idempotencyKey: 'x',
      description: '',
    });
    expect(charged.status).toBe('succeeded');
  });

  it('tokenises the declining card, which then declines', async () => {
    const res = await tokenise({ card_number: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(200);
    const charged = await t.app.paymentProvider.charge({
      token: res.json().token,
      amount: 500,
      currency: 'GBP',
      idempotencyKey: 'y',
      description: '',
    });
    expect(charged).toEqual({
      status: 'declined',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });
});

describe('3-D Secure challenge', () => {
  async function challenge(): Promise<string> {
    const res = await tokenise({ card_number: '4000 0027 6000 3184' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBeUndefined();
    return body.challenge_id;
  }

  it('gives a token when the challenge passes', async () => {
    const id = await challenge();
    const res = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/challenges/${encodeURIComponent(id)}`,
      payload: { outcome: 'pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().card.last4).toBe('3184');
    await expect(t.app.paymentProvider.describeToken(res.json().token)).resolves.toMatchObject({
      last4: '3184',
    });
  });

  it('answers 422 Authentication failed when it fails, or when the id was altered', async () => {
    const id = await challenge();
    const failed = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/challenges/${encodeURIComponent(id)}`,
      payload: { outcome: 'fail' },
    });
    expect(failed.statusCode).toBe(422);
    expect(failed.json().message).toBe('Authentication failed');

    const tampered = await t.app.inject({
      method: 'POST',
      url: `/sandbox-pay/challenges/${encodeURIComponent(`${id}x`)}`,
      payload: { outcome: 'pass' },
    });
    expect(tampered.statusCode).toBe(422);
  });

  it('rejects a tampered token', async () => {
    const { token } = (await tokenise()).json();
    await expect(t.app.paymentProvider.describeToken(`${token.slice(0, -2)}AA`)).rejects.toThrow();
  });
});
