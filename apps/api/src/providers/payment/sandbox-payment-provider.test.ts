import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { sandboxCharges } from '../../db/schema';
import { openTestDatabase } from '../../test/harness';
import { checkCard, passesLuhn, SandboxSigner, sandboxTestCards } from './sandbox-card';
import { SandboxPaymentProvider } from './sandbox-payment-provider';

const secret = 'test-secret-test-secret-test-secret!';
let database: DatabaseHandle;
let provider: SandboxPaymentProvider;
beforeAll(async () => {
  database = await openTestDatabase();
  provider = new SandboxPaymentProvider({
    secret,
    // Sub-domain settings: these pages, whatever host the frame is asked for.
    parentOrigins: () => ['http://localhost:3000', 'https://bookings.example.com'],
    db: database.db,
  });
});
afterAll(async () => {
  await database?.close();
});
afterEach(() => provider.setFault(null));
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

/** A charge with a fresh idempotency key unless told (the same key answers its first charge). */
const charge = (token: string, idempotencyKey = `order-${Math.random().toString(36).slice(2)}`) =>
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
        expiry_year: ['Please enter a valid expiry date'],
        cvc: ['Please enter a valid security code'],
        name: ['Enter the name on the card.'],
      },
    });
    const month = checkCard(
      { card_number: '4242424242424242', expiry_month: 13, expiry_year: 30, cvc: '1234', name: 'A' },
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(month.ok ? {} : month.errors).toEqual({ expiry_month: ['Please enter a valid expiry date'] });
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
      frameUrl: 'https://bookings.example.com/sandbox-pay/frame?origin=https%3A%2F%2Fbookings.example.com',
      frameOrigin: 'https://bookings.example.com',
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

  it('keeps its charges: the same key answers the same charge whatever the token, on any replica', async () => {
    const first = await charge(tokenFor(sandboxTestCards.succeeds), 'order-42');
    const again = await charge(tokenFor('5555555555554444'), 'order-42');
    const other = await charge(tokenFor(sandboxTestCards.succeeds), 'order-43');
    expect(first).toMatchObject({ status: 'succeeded', card: { last4: '4242' } });
    expect(first.status === 'succeeded' && first.reference).toMatch(/^ch_sbx_[0-9a-f]{24}$/);
    expect(again).toEqual(first);
    expect(other.status === 'succeeded' && other.reference).not.toBe(
      first.status === 'succeeded' && first.reference,
    );
    // Another replica on the same database agrees.
    const replica = new SandboxPaymentProvider({
      secret,
      parentOrigins: () => [],
      db: database.db,
    });
    await expect(
      replica.charge({
        token: tokenFor('4242424242424242'),
        amount: 1250,
        currency: 'GBP',
        idempotencyKey: 'order-42',
        description: '',
      }),
    ).resolves.toEqual(first);
    const rows = await database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, 'order-42'));
    expect(rows).toHaveLength(1);
    // The same key with another amount is a programming error, as at a real provider.
    await expect(
      provider.charge({
        token: tokenFor('4242424242424242'),
        amount: 1,
        currency: 'GBP',
        idempotencyKey: 'order-42',
        description: '',
      }),
    ).rejects.toThrow();
  });

  it('looks a charge up by its key and refunds it once', async () => {
    expect(await provider.findCharge('never-used')).toBeUndefined();
    const made = await charge(tokenFor(sandboxTestCards.succeeds), 'order-refund');
    if (made.status !== 'succeeded') throw new Error('unreachable');
    await expect(provider.findCharge('order-refund')).resolves.toEqual(made);
    await provider.refund(made.reference);
    await provider.refund(made.reference);
    await expect(provider.findCharge('order-refund')).resolves.toMatchObject({
      status: 'refunded',
      reference: made.reference,
    });
    await expect(provider.refund('ch_sbx_unknown')).rejects.toThrow();
  });

  it('fails on demand: after charging, slowly, or by declining', async () => {
    provider.setFault('fail-after-charge', { times: 1 });
    await expect(charge(tokenFor(sandboxTestCards.succeeds), 'order-lost')).rejects.toThrow(/lost/);
    // It charged all the same: the lookup and a retry with the same key answer that charge.
    await expect(provider.findCharge('order-lost')).resolves.toMatchObject({ status: 'succeeded' });
    await expect(charge(tokenFor(sandboxTestCards.succeeds), 'order-lost')).resolves.toMatchObject({
      status: 'succeeded',
    });
    provider.setFault('decline');
    await expect(charge(tokenFor(sandboxTestCards.succeeds), 'order-declined')).resolves.toMatchObject({
      status: 'declined',
      code: 'card_declined',
    });
    provider.setFault('slow', { slowMs: 50 });
    const started = Date.now();
    await expect(charge(tokenFor(sandboxTestCards.succeeds), 'order-slow')).resolves.toMatchObject({
      status: 'succeeded',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
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
