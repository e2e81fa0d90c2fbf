import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authAttempts,
  emailVerificationTokens,
  knownLoginAddresses,
  outboundEmails,
  passwordResetTokens,
  sessionHandovers,
  sessions,
} from './db/schema';
import { createFixture, createUser } from './test/factories/basket-fixtures';
import { startTestApp, type TestApp } from './test/harness';
import { safeProductionSettings } from './test/production-settings';

const hour = 60 * 60_000;
const day = 24 * hour;

/**
 * The retention job (issue 44), run once through `app.jobs` with rows whose times are set in the
 * past: what has served its purpose goes, what may still serve stays.
 */
describe('the retention job', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await startTestApp();
    const f = await createFixture(t.db);
    userId = (await createUser(t.db, f.clientId)).user.id;
  });
  afterAll(async () => t?.close());

  const retention = () => {
    const job = t.app.jobs.find((candidate) => candidate.name === 'retention');
    if (!job) throw new Error('no retention job');
    return job;
  };

  it('deletes dead sessions, spent attempts and reset tokens, and erases old email bodies; keeps the rest', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const session = (name: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      userId,
      tokenHash: `retention-${name}`,
      csrfHash: 'x',
      expiresAt,
      revokedAt,
    });
    await t.db
      .insert(sessions)
      .values([
        session('ran-out-2-days-ago', ago(2 * day)),
        session('revoked-2-days-ago', new Date(now.getTime() + day), ago(2 * day)),
        session('ran-out-an-hour-ago', ago(hour)),
        session('revoked-an-hour-ago', new Date(now.getTime() + day), ago(hour)),
        session('live', new Date(now.getTime() + day)),
      ]);
    const attempt = (accountKey: string, createdAt: Date) => ({
      kind: 'login',
      accountKey,
      ipAddress: '192.0.2.1',
      succeeded: false,
      createdAt,
    });
    await t.db
      .insert(authAttempts)
      .values([attempt('three-days-ago', ago(3 * day)), attempt('an-hour-ago', ago(hour))]);
    const token = (name: string, expiresAt: Date, usedAt: Date | null = null) => ({
      userId,
      tokenHash: `retention-${name}`,
      expiresAt,
      usedAt,
    });
    await t.db
      .insert(passwordResetTokens)
      .values([
        token('used', new Date(now.getTime() + hour), ago(60_000)),
        token('ran-out', ago(60_000)),
        token('live', new Date(now.getTime() + hour)),
      ]);
    const email = (to: string, createdAt: Date) => ({
      toAddress: to,
      subject: 'Reset your password',
      html: '<a href="https://example.com/account/password-reset/secret">Reset</a>',
      text: 'https://example.com/account/password-reset/secret',
      template: 'password_reset',
      attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
      status: 'sent',
      createdAt,
    });
    await t.db
      .insert(outboundEmails)
      .values([email('old@example.com', ago(31 * day)), email('recent@example.com', ago(29 * day))]);

    expect(await retention().runOnce(now)).toEqual({
      sessions: 2,
      attempts: 1,
      resetTokens: 2,
      verificationTokens: 0,
      handovers: 0,
      knownAddresses: 0,
      emailBodies: 1,
    });

    const sessionNames = (await t.db.select().from(sessions).where(eq(sessions.userId, userId)))
      .map((row) => row.tokenHash)
      .filter((hash) => hash.startsWith('retention-'))
      .sort();
    expect(sessionNames).toEqual([
      'retention-live',
      'retention-ran-out-an-hour-ago',
      'retention-revoked-an-hour-ago',
    ]);
    expect((await t.db.select().from(authAttempts)).map((row) => row.accountKey)).toEqual(['an-hour-ago']);
    expect((await t.db.select().from(passwordResetTokens)).map((row) => row.tokenHash)).toEqual([
      'retention-live',
    ]);
    const emails = await t.db
      .select()
      .from(outboundEmails)
      .where(inArray(outboundEmails.toAddress, ['old@example.com', 'recent@example.com']));
    const old = emails.find((row) => row.toAddress === 'old@example.com');
    const recent = emails.find((row) => row.toAddress === 'recent@example.com');
    expect(old).toMatchObject({
      html: '',
      text: '',
      attachments: [],
      subject: 'Reset your password',
      status: 'sent',
    });
    expect(recent?.html).toContain('password-reset/secret');

    // Nothing left to do: a second run changes nothing.
    expect(await retention().runOnce(now)).toEqual({
      sessions: 0,
      attempts: 0,
      resetTokens: 0,
      verificationTokens: 0,
      handovers: 0,
      knownAddresses: 0,
      emailBodies: 0,
    });
  });

  it('deletes run-out verification links and hand-over codes, and forgets addresses unused for 90 days', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const ahead = new Date(now.getTime() + day);
    await t.db.insert(emailVerificationTokens).values([
      { userId, tokenHash: 'verify-ran-out', expiresAt: ago(hour) },
      { userId, tokenHash: 'verify-live', expiresAt: ahead },
    ]);
    await t.db.insert(sessionHandovers).values([
      { userId, codeHash: 'handover-ran-out', expiresAt: ago(hour) },
      { userId, codeHash: 'handover-live', expiresAt: ahead },
    ]);
    await t.db.insert(knownLoginAddresses).values([
      { keyHash: 'known-stale', userId, lastSucceededAt: ago(91 * day) },
      { keyHash: 'known-recent', userId, lastSucceededAt: ago(89 * day) },
    ]);

    expect(await retention().runOnce(now)).toMatchObject({
      verificationTokens: 1,
      handovers: 1,
      knownAddresses: 1,
    });
    expect((await t.db.select().from(emailVerificationTokens)).map((row) => row.tokenHash)).toEqual([
      'verify-live',
    ]);
    expect((await t.db.select().from(sessionHandovers)).map((row) => row.codeHash)).toEqual([
      'handover-live',
    ]);
    expect((await t.db.select().from(knownLoginAddresses)).map((row) => row.keyHash)).toEqual([
      'known-recent',
    ]);
  });

  it('works off a backlog in batches within one run', async () => {
    const now = new Date();
    await t.db.insert(authAttempts).values(
      Array.from({ length: 1_000 }, (_, i) => ({
        kind: 'login',
        accountKey: `backlog-${i}`,
        ipAddress: '192.0.2.2',
        succeeded: false,
        createdAt: new Date(now.getTime() - 3 * day),
      })),
    );
    expect(await retention().runOnce(now)).toMatchObject({ attempts: 1_000 });
  });
});

describe('emails holding a live link, in production', () => {
  let t: TestApp;
  const received: string[] = [];
  let smtp: SMTPServer;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@bounce.example')) callback(new Error('550 No such mailbox'));
        else callback();
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestApp({
      ...safeProductionSettings,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('keep no body once delivered: the reset link is in the member’s mailbox only', async () => {
    const f = await createFixture(t.db);
    const { user } = await createUser(t.db, f.clientId, { email: 'reset.me@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      payload: { email_or_reference: user.email },
    });
    expect(res.statusCode).toBe(200);
    await t.app.mailer.settled();
    expect(received.join('\n')).toContain('password-reset');
    const [row] = await t.db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, user.email));
    expect(row).toMatchObject({ status: 'sent', template: 'password_reset', html: '', text: '' });

    // Refused for good: nobody will read it, so it keeps no link either.
    const gone = await createUser(t.db, f.clientId, { email: 'gone@bounce.example' });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      payload: { email_or_reference: gone.user.email },
    });
    await t.app.mailer.settled();
    const [refused] = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, gone.user.email));
    expect(refused).toMatchObject({ status: 'failed', html: '', text: '' });
  });
});
