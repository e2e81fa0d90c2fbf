import { describe, expect, it } from 'vitest';
import { checkCard, passesLuhn, SandboxSigner, sandboxTestCards } from './sandbox-card';
import { SandboxPaymentProvider } from './sandbox-payment-provider';

const secret = 'test-secret-test-secret-test-secret!';
const provider = new SandboxPaymentProvider({
  secret,
  frameBaseUrl: 'http://localhost:3000',
  allowedOrigins: ['http://localhost:3000', 'https://bookings.example.com'],
});
const nextYear = new Date().getUTCFullYear() + 1;

function tokenFor(cardNumber: string): string {
  const check = checkCard({
    card_number: cardNumber,
    expiry_month: 12,
    expiry_year: nextYear,
    cvc: '123',
    name: 'A N Other',
  });
  if (!check.ok) throw new Error('test card failed its checks');
  return provider.signer.issueToken(check.card);
}

const charge = (token: string, idempotencyKey = 'order-1') =>
  provider.charge({ token, amount: 1250, currency: 'GBP', idempotencyKey, description: 'Badminton' });

describe('sandbox card checks', () => {
  it('applies Luhn', () => {
    expect(passesLuhn(sandboxTestCards.succeeds)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42')).toBe(false);
  });

  it('refuses a past expiry, a bad month and a short CVC, per field', () => {
    const check = checkCard(
      { card_number: '4242 4242 4242 4242', expiry_month: 1, expiry_year: 2020, cvc: '12', name: ' ' },
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(check).toEqual({
      ok: false,
      errors: {
        expiry_year: ['Your card has expired.'],
        cvc: ['Your card’s security code is invalid.'],
        name: ['Enter the name on the card.'],
      },
    });
    const month = checkCard(
      { card_number: '4242424242424242', expiry_month: 13, expiry_year: 30, cvc: '1234', name: 'A' },
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(month.ok ? {} : month.errors).toEqual({ expiry_month: ['Enter a month from 01 to 12.'] });
  });

  it('accepts the current month and two-digit years', () => {
    const check = checkCard(
      { card_number: '5555555555554444', expiry_month: 6, expiry_year: 26, cvc: '123', name: 'A' },
      new Date('2026-06-30T12:00:00Z'),
    );
    expect(check).toMatchObject({
      ok: true,
      card: { brand: 'mastercard', last4: '4444', expiry_year: 2026 },
    });
  });
});

describe('SandboxPaymentProvider', () => {
  it('prepares the frame for one of our origins only', async () => {
    await expect(
      provider.prepare({ amount: 100, currency: 'GBP', returnOrigin: 'https://bookings.example.com/basket' }),
    ).resolves.toEqual({
      provider: 'sandbox',
      frameUrl: 'http://localhost:3000/sandbox-pay/frame?origin=https%3A%2F%2Fbookings.example.com',
      frameOrigin: 'http://localhost:3000',
    });
    await expect(
      provider.prepare({ amount: 100, currency: 'GBP', returnOrigin: 'https://evil.example' }),
    ).rejects.toThrow();
  });

  it('describes a token without the card number', async () => {
    const token = tokenFor(sandboxTestCards.succeeds);
    expect(token).not.toContain('4242424242424242');
    expect(Buffer.from(token.slice(8).split('.')[0] ?? '', 'base64url').toString()).not.toContain(
      '424242424242',
    );
    await expect(provider.describeToken(token)).resolves.toEqual({
      brand: 'visa',
      last4: '4242',
      expiryMonth: 12,
      expiryYear: nextYear,
    });
    await expect(provider.describeToken('tok_sbx_nonsense.sig')).rejects.toThrow();
  });

  it('charges a good card with a reference that depends only on the idempotency key', async () => {
    const first = await charge(tokenFor(sandboxTestCards.succeeds), 'order-42');
    const again = await charge(tokenFor(sandboxTestCards.succeeds), 'order-42');
    const other = await charge(tokenFor(sandboxTestCards.succeeds), 'order-43');
    expect(first).toMatchObject({ status: 'succeeded', card: { last4: '4242' } });
    expect(first.status === 'succeeded' && first.reference).toMatch(/^ch_sbx_[0-9a-f]{24}$/);
    expect(again).toEqual(first);
    expect(other.status === 'succeeded' && other.reference).not.toBe(
      first.status === 'succeeded' && first.reference,
    );
    // Another replica with the same secret agrees.
    const replica = new SandboxPaymentProvider({ secret, frameBaseUrl: 'http://x', allowedOrigins: [] });
    await expect(
      replica.charge({
        token: tokenFor('4242424242424242'),
        amount: 1250,
        currency: 'GBP',
        idempotencyKey: 'order-42',
        description: '',
      }),
    ).resolves.toEqual(first);
  });

  it('declines 4000 0000 0000 0002', async () => {
    await expect(charge(tokenFor(sandboxTestCards.declines))).resolves.toEqual({
      status: 'declined',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });

  it('declines a tampered or foreign token', async () => {
    const token = tokenFor(sandboxTestCards.declines);
    const [body, signature] = token.slice('tok_sbx_'.length).split('.');
    const payload = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, behaviour: 'succeeds' })).toString('base64url');
    await expect(charge(`tok_sbx_${forged}.${signature}`)).resolves.toMatchObject({
      status: 'declined',
      code: 'invalid_token',
    });
    const foreign = new SandboxSigner('another-secret-another-secret-another');
    const check = checkCard({
      card_number: '4242424242424242',
      expiry_month: 12,
      expiry_year: nextYear,
      cvc: '123',
      name: 'A',
    });
    if (!check.ok) throw new Error('unreachable');
    await expect(charge(foreign.issueToken(check.card))).resolves.toMatchObject({ code: 'invalid_token' });
  });

  it('never accepts a challenge id as a token', async () => {
    const check = checkCard({
      card_number: sandboxTestCards.challenge,
      expiry_month: 12,
      expiry_year: nextYear,
      cvc: '123',
      name: 'A',
    });
    if (!check.ok) throw new Error('unreachable');
    const challengeId = provider.signer.issueChallenge(check.card);
    await expect(charge(challengeId.replace('chl_sbx_', 'tok_sbx_'))).resolves.toMatchObject({
      code: 'invalid_token',
    });
  });

  it('refuses to charge nothing', async () => {
    await expect(
      provider.charge({
        token: tokenFor('4242424242424242'),
        amount: 0,
        currency: 'GBP',
        idempotencyKey: 'k',
        description: '',
      }),
    ).rejects.toThrow();
  });
});
