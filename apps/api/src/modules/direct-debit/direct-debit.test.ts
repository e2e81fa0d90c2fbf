import type { AuthUser } from '@leisure/contract/auth';
import { type DirectDebitValidateResponse, directDebitMessages } from '@leisure/contract/direct-debit';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import {
  directDebitBankDetails,
  directDebitCollections,
  directDebitMandates,
  directDebitSchedules,
} from '../../db/schema';
import { AppError } from '../../errors';
import {
  SandboxDirectDebitProvider,
  sandboxMandateTimings,
} from '../../providers/direct-debit/sandbox-direct-debit-provider';
import { createUser } from '../../test/factories/basket-fixtures';
import {
  detailsTokenFor,
  failingPaymentsDetails,
  sandboxDetails,
  validateRequest,
} from '../../test/factories/direct-debit-fixtures';
import { openTestDatabase, startTestApp, type TestApp } from '../../test/harness';
import { createClient } from '../operator/operator.service';
import { collectDuePayments, nextChargeDate, syncMandates } from './collections.service';
import { type CollectionPlan, createMandate, findValidatedBankDetails } from './direct-debit.service';

const fullNumber = '55779911';

describe('direct debit', () => {
  let t: TestApp;
  let clientId: number;

  beforeAll(async () => {
    t = await startTestApp();
    const client = await createClient(t.db, {
      slug: 'dd-operator',
      name: 'DD Operator',
      appName: 'DD Leisure',
      supportEmail: 'help@dd.example',
    });
    if (!client) throw new Error('client not created');
    clientId = client.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const plan: CollectionPlan = {
    amount: 3500,
    currency: 'GBP',
    billingDay: 1,
    firstBillingDate: '2026-12-01',
  };

  async function mandateFor(headers: Record<string, string>, userId: number, membershipId: number) {
    const detailsToken = await detailsTokenFor(t.app, headers);
    return createMandate({
      db: t.db,
      config: t.config,
      provider: t.app.directDebitProvider,
      userId,
      membershipId,
      detailsToken,
      collections: plan,
    });
  }

  describe('POST api/online-joining/direct-debit/validate', () => {
    it('is documented in OpenAPI', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
      const doc = res.json<{ paths: Record<string, { post?: { requestBody?: unknown } }> }>();
      expect(doc.paths['/api/online-joining/direct-debit/validate']?.post?.requestBody).toBeDefined();
    });

    it('needs a session', async () => {
      const res = await validateRequest(t.app, {}, sandboxDetails);
      expect(res.statusCode).toBe(401);
    });

    it('accepts the GoCardless sandbox details and answers only masked details and a token', async () => {
      const { user, headers } = await createUser(t.db, clientId);
      const res = await validateRequest(t.app, headers, {
        ...sandboxDetails,
        billing_address_line_1: '1 High Street',
        billing_address_city: 'Leeds',
        billing_address_postcode: 'ls11aa',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { data } = res.json<DirectDebitValidateResponse>();
      expect(data).toMatchObject({
        account_holder_name: 'Jo Bloggs',
        bank_name: 'BARCLAYS BANK PLC',
        account_number_ending: '11',
        account_number_masked: '******11',
        sort_code: '200000',
      });
      expect(data.details_token.length).toBeGreaterThan(40);
      expect(res.body).not.toContain(fullNumber);

      // Stored: the token's hash, the masked details, and the number only sealed.
      const [row] = await t.db
        .select()
        .from(directDebitBankDetails)
        .where(eq(directDebitBankDetails.userId, user.id));
      expect(row).toMatchObject({ accountNumberEnding: '11', sortCode: '200000' });
      expect(row?.billingAddress).toEqual({
        line1: '1 High Street',
        line2: null,
        city: 'Leeds',
        postcode: 'LS1 1AA',
      });
      expect(row?.tokenHash).not.toBe(data.details_token);
      expect(JSON.stringify(row)).not.toContain(fullNumber);
      expect(JSON.stringify(row)).not.toContain(data.details_token);
    });

    it('answers the spec messages for each field', async () => {
      const { headers } = await createUser(t.db, clientId);
      const res = await validateRequest(t.app, headers, {
        account_holder_name: 'J',
        account_number: '1234abcd',
        sort_code: '12345',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        account_holder_name: [directDebitMessages.accountHolderName],
        account_number: [directDebitMessages.accountNumber],
        sort_code: [directDebitMessages.sortCode],
      });
      const short = await validateRequest(t.app, headers, { ...sandboxDetails, account_number: '5577991' });
      expect(short.json().errors).toEqual({ account_number: [directDebitMessages.accountNumber] });
      const missing = await validateRequest(t.app, headers, {});
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toMatchObject({
        account_number: [directDebitMessages.accountNumber],
        sort_code: [directDebitMessages.sortCode],
      });
    });

    it('checks the billing address when any of it is sent', async () => {
      const { headers } = await createUser(t.db, clientId);
      const res = await validateRequest(t.app, headers, {
        ...sandboxDetails,
        billing_address_line_1: 'x',
        billing_address_postcode: 'nope',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        billing_address_line_1: [directDebitMessages.billingAddressLine1],
        billing_address_city: [directDebitMessages.billingAddressCity],
        billing_address_postcode: [directDebitMessages.billingAddressPostcode],
      });
    });

    it('answers a failed modulus check under account_number', async () => {
      const { headers } = await createUser(t.db, clientId);
      const res = await validateRequest(
        t.app,
        headers,
        { ...sandboxDetails, account_number: '55779912' },
        '10.0.0.2',
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: directDebitMessages.modulusCheck,
        errors: { account_number: [directDebitMessages.modulusCheck] },
      });
      expect(res.body).not.toContain('55779912');
    });

    it('stops an address after ten failed checks in fifteen minutes', async () => {
      const address = '10.0.0.99';
      for (let i = 0; i < 10; i++) {
        // Different customers from one address: the address limit applies.
        const { headers } = await createUser(t.db, clientId);
        const res = await validateRequest(
          t.app,
          headers,
          { ...sandboxDetails, account_number: '55779912' },
          address,
        );
        expect(res.statusCode).toBe(422);
      }
      const { headers } = await createUser(t.db, clientId);
      const blocked = await validateRequest(t.app, headers, sandboxDetails, address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(directDebitMessages.tooMany);
      // Another address is not affected.
      expect((await validateRequest(t.app, headers, sandboxDetails, '10.0.0.100')).statusCode).toBe(200);
    });
  });

  describe('createMandate', () => {
    it('records the mandate, makes has_instruction and has_billing_date true, and schedules the first collection', async () => {
      const { user, headers } = await createUser(t.db, clientId);
      const before = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).json<{
        data: AuthUser;
      }>();
      expect(before.data).toMatchObject({ has_instruction: false, has_billing_date: false });

      const result = await mandateFor(headers, user.id, 501);
      expect(result.mandate).toMatchObject({
        provider: 'sandbox',
        status: 'pending_submission',
        account_number_ending: '11',
        account_number_masked: '******11',
        sort_code: '200000',
        bank_name: 'BARCLAYS BANK PLC',
      });
      expect(result.mandate.provider_mandate_id).toMatch(/^MD000/);
      expect(result.firstCollection).toEqual({ chargeDate: '2026-12-01', amount: 3500 });

      const after = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers });
      expect(after.json<{ data: AuthUser }>().data).toMatchObject({
        has_instruction: true,
        has_billing_date: true,
      });

      const mandates = await t.db
        .select()
        .from(directDebitMandates)
        .where(eq(directDebitMandates.userId, user.id));
      expect(mandates).toHaveLength(1);
      expect(mandates[0]?.membershipId).toBe(501);
      expect(JSON.stringify(mandates)).not.toContain(fullNumber);
      const collections = await t.db
        .select()
        .from(directDebitCollections)
        .where(eq(directDebitCollections.mandateId, result.mandate.id));
      expect(collections).toMatchObject([{ chargeDate: '2026-12-01', amount: 3500, status: 'scheduled' }]);
      // The parked details are gone once used.
      const parked = await t.db
        .select()
        .from(directDebitBankDetails)
        .where(eq(directDebitBankDetails.userId, user.id));
      expect(parked).toHaveLength(0);
    });

    it('refuses a token twice, another customer, a forged token, and an expired one', async () => {
      const owner = await createUser(t.db, clientId);
      const other = await createUser(t.db, clientId);
      const token = await detailsTokenFor(t.app, owner.headers);
      const attempt = (userId: number, detailsToken: string, now?: Date) =>
        createMandate({
          db: t.db,
          config: t.config,
          provider: t.app.directDebitProvider,
          userId,
          membershipId: 600,
          detailsToken,
          collections: plan,
          ...(now ? { now } : {}),
        });
      const expectRefused = async (promise: Promise<unknown>) => {
        const error = await promise.then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).errors).toEqual({
          'direct_debit.token': [directDebitMessages.detailsExpired],
        });
      };

      await expectRefused(attempt(other.user.id, token));
      await expectRefused(attempt(owner.user.id, `${token.slice(0, -2)}xx`));
      await expectRefused(attempt(owner.user.id, token, new Date(Date.now() + 3 * 3600_000)));
      await expect(findValidatedBankDetails(t.db, owner.user.id, token)).resolves.toMatchObject({
        account_number_ending: '11',
      });
      await expectRefused(findValidatedBankDetails(t.db, other.user.id, token));
      await expect(attempt(owner.user.id, token)).resolves.toBeDefined();
      await expectRefused(attempt(owner.user.id, token));
      const mandates = await t.db
        .select()
        .from(directDebitMandates)
        .where(eq(directDebitMandates.membershipId, 600));
      expect(mandates).toHaveLength(1);
    });

    it('refuses a sealed account number moved to another row', async () => {
      const a = await createUser(t.db, clientId);
      const b = await createUser(t.db, clientId);
      await detailsTokenFor(t.app, a.headers);
      const tokenB = await detailsTokenFor(t.app, b.headers, {
        ...sandboxDetails,
        account_number: '55779922',
      });
      const [rowA] = await t.db
        .select()
        .from(directDebitBankDetails)
        .where(eq(directDebitBankDetails.userId, a.user.id));
      await t.db
        .update(directDebitBankDetails)
        .set({ accountNumberSealed: rowA?.accountNumberSealed ?? '' })
        .where(eq(directDebitBankDetails.userId, b.user.id));
      await expect(
        createMandate({
          db: t.db,
          config: t.config,
          provider: t.app.directDebitProvider,
          userId: b.user.id,
          membershipId: 700,
          detailsToken: tokenB,
          collections: plan,
        }),
      ).rejects.toBeInstanceOf(AppError);
    });
  });

  describe('the collections job', () => {
    it('submits due collections once, schedules the next month, and follows the mandate', async () => {
      const { user, headers } = await createUser(t.db, clientId);
      const { mandate, scheduleId } = await mandateFor(headers, user.id, 801);
      const provider = t.app.directDebitProvider;

      // Not due yet: nothing happens.
      expect(await collectDuePayments(t, provider, new Date('2026-11-20T09:00:00Z'))).toMatchObject({
        submitted: 0,
      });
      // Three days ahead of the charge date it is sent.
      const runAt = new Date('2026-11-28T09:00:00Z');
      const first = await collectDuePayments(t, provider, runAt);
      expect(first.submitted).toBeGreaterThanOrEqual(1);
      const again = await collectDuePayments(t, provider, runAt);
      expect(again.submitted).toBe(0);

      const rows = await t.db
        .select()
        .from(directDebitCollections)
        .where(eq(directDebitCollections.scheduleId, scheduleId))
        .orderBy(directDebitCollections.chargeDate);
      expect(rows).toMatchObject([
        { chargeDate: '2026-12-01', status: 'submitted', sequence: 0 },
        { chargeDate: '2027-01-01', status: 'scheduled', sequence: 1, amount: 3500 },
      ]);
      expect(rows[0]?.providerPaymentId).toMatch(/^PM000/);

      const created = new Date(Date.now() + 1000);
      await syncMandates(t.db, provider, new Date(created.getTime() + sandboxMandateTimings.submitAfterMs));
      const [row] = await t.db
        .select()
        .from(directDebitMandates)
        .where(eq(directDebitMandates.id, mandate.id));
      expect(row?.status).toBe('submitted');
      await syncMandates(t.db, provider, new Date(created.getTime() + sandboxMandateTimings.activeAfterMs));
      const [active] = await t.db
        .select()
        .from(directDebitMandates)
        .where(eq(directDebitMandates.id, mandate.id));
      expect(active?.status).toBe('active');
    });

    it('records a failed payment for the failing test account and still schedules the next month', async () => {
      const { user, headers } = await createUser(t.db, clientId);
      const detailsToken = await detailsTokenFor(t.app, headers, failingPaymentsDetails);
      const { scheduleId } = await createMandate({
        db: t.db,
        config: t.config,
        provider: t.app.directDebitProvider,
        userId: user.id,
        membershipId: 802,
        detailsToken,
        collections: {
          ...plan,
          firstBillingDate: '2026-10-15',
          billingDay: 15,
          introAmount: 0,
          introCollections: 1,
        },
      });
      // The first (free) month is skipped; the second fails at the bank.
      await collectDuePayments(t, t.app.directDebitProvider, new Date('2026-10-14T09:00:00Z'));
      await collectDuePayments(t, t.app.directDebitProvider, new Date('2026-11-14T09:00:00Z'));
      const rows = await t.db
        .select()
        .from(directDebitCollections)
        .where(eq(directDebitCollections.scheduleId, scheduleId))
        .orderBy(directDebitCollections.chargeDate);
      expect(rows).toMatchObject([
        { chargeDate: '2026-10-15', status: 'skipped', amount: 0 },
        { chargeDate: '2026-11-15', status: 'failed', failureReason: 'insufficient_funds', amount: 3500 },
        { chargeDate: '2026-12-15', status: 'scheduled' },
      ]);
    });

    it('leaves a collection scheduled when the provider fails, and goes on with the others', async () => {
      const a = await createUser(t.db, clientId);
      const b = await createUser(t.db, clientId);
      const dated = { ...plan, firstBillingDate: '2027-03-10', billingDay: 10 };
      const mandateOf = async (who: typeof a, membershipId: number) =>
        createMandate({
          db: t.db,
          config: t.config,
          provider: t.app.directDebitProvider,
          userId: who.user.id,
          membershipId,
          detailsToken: await detailsTokenFor(t.app, who.headers),
          collections: dated,
        });
      const first = await mandateOf(a, 901);
      const second = await mandateOf(b, 902);
      const flaky = new SandboxDirectDebitProvider();
      const collect = flaky.collect.bind(flaky);
      flaky.collect = async (request) => {
        if (request.mandateId === first.mandate.provider_mandate_id) throw new Error('provider down');
        return collect(request);
      };
      const run = await collectDuePayments(t, flaky, new Date('2027-03-09T09:00:00Z'));
      // (Earlier tests' later months are due by then too.)
      expect(run.errors).toBe(1);
      expect(run.submitted).toBeGreaterThanOrEqual(1);
      const statusOf = async (scheduleId: number) =>
        (
          await t.db
            .select()
            .from(directDebitCollections)
            .where(eq(directDebitCollections.scheduleId, scheduleId))
            .orderBy(directDebitCollections.chargeDate)
        ).map((row) => row.status);
      expect(await statusOf(first.scheduleId)).toEqual(['scheduled']);
      expect(await statusOf(second.scheduleId)).toEqual(['submitted', 'scheduled']);
      // The next run (provider back) submits it.
      await collectDuePayments(t, t.app.directDebitProvider, new Date('2027-03-09T10:00:00Z'));
      expect(await statusOf(first.scheduleId)).toEqual(['submitted', 'scheduled']);
    });

    it('computes next charge dates across the year end', () => {
      expect(nextChargeDate('2026-12-28', 28)).toBe('2027-01-28');
      expect(nextChargeDate('2026-01-31', 5)).toBe('2026-02-05');
    });

    it('keeps schedules per membership', async () => {
      const schedules = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(directDebitSchedules)
        .where(eq(directDebitSchedules.membershipId, 801));
      expect(schedules[0]?.n).toBe(1);
    });
  });
});

describe('direct debit logs', () => {
  it('never logs an account number, and redacts one logged by mistake', async () => {
    const lines: string[] = [];
    const config = testConfig({ LOG_LEVEL: 'trace' });
    const database = await openTestDatabase();
    const app = await buildApp({ config, database, logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
    try {
      const client = await createClient(database.db, {
        slug: 'dd-logs',
        name: 'DD Logs',
        appName: 'DD Logs',
        supportEmail: 'help@dd.example',
      });
      if (!client) throw new Error('client not created');
      const { user, headers } = await createUser(database.db, client.id);
      const detailsToken = await detailsTokenFor(app, headers);
      await validateRequest(app, headers, { ...sandboxDetails, account_number: '55779912' });
      await createMandate({
        db: database.db,
        config,
        provider: app.directDebitProvider,
        userId: user.id,
        membershipId: 1,
        detailsToken,
        collections: { amount: 1000, currency: 'GBP', billingDay: 1, firstBillingDate: '2026-12-01' },
      });
      await app.collectionsJob.runOnce(new Date('2026-11-30T09:00:00Z'));
      app.log.info({ body: { account_number: fullNumber }, details: { accountNumber: fullNumber } }, 'oops');
      const all = lines.join('\n');
      expect(lines.length).toBeGreaterThan(3);
      expect(all).toContain('[redacted]');
      expect(all).not.toContain(fullNumber);
      expect(all).not.toContain('55779912');
      expect(all).not.toContain(detailsToken);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
