import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboundEmails } from '../../db/schema';
import { seedIfEmpty } from '../../seed/seed';
import { startTestApp, type TestApp } from '../../test/harness';

interface Received {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server in this process; it refuses any recipient at bounce.example for good, turns
 * away those at busy.example for now (451) while `busy` is set, and sits on a message to
 * slow.example (its DATA unanswered) until `slow.release()`; `slow.arrived` resolves when one comes.
 */
async function startSmtpSink(): Promise<{
  port: number;
  received: Received[];
  busy: { on: boolean };
  slow: { arrived: Promise<void>; release(): void };
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const busy = { on: true };
  let arrive = () => {};
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@bounce.example')) callback(new Error('550 No such mailbox'));
      else if (address.address.endsWith('@busy.example') && busy.on) {
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        if (to.some((address) => address.endsWith('@slow.example'))) {
          arrive();
          void released.then(() => callback());
        } else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    busy,
    slow: { arrived, release: () => release() },
    close: () => {
      release();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('email over SMTP', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let clientId: number;
  let terms: number[];

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
    await seedIfEmpty(t.db, t.config);
    clientId = (await t.app.inject({ method: 'GET', url: '/api/client' })).json().data.id;
    terms = (await t.app.inject({ method: 'GET', url: '/api/terms' }))
      .json()
      .data.map((term: { id: number }) => term.id);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const register = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/register',
      payload: {
        first_name: 'Sky',
        last_name: 'Lowe',
        email,
        mobile_number: '07700900321',
        password: 'Sky-Pass-12',
        password_confirmation: 'Sky-Pass-12',
        client_id: clientId,
        terms,
      },
    });

  it('delivers the welcome email through the SMTP server and records it as sent', async () => {
    const res = await register('sky.lowe@example.com');
    expect(res.statusCode).toBe(201);
    await t.app.mailer.settled();
    const message = sink.received.find((mail) => mail.to.includes('sky.lowe@example.com'));
    expect(message?.raw).toContain('Subject: Welcome to Riverside Leisure');
    expect(message?.raw).toMatch(/From: Riverside Leisure <no-reply@riverside-leisure\.example>/);
    const [row] = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, 'sky.lowe@example.com'));
    expect(row?.status).toBe('sent');
  });

  it('records a bounce as failed without failing the registration', async () => {
    const res = await register('gone@bounce.example');
    expect(res.statusCode).toBe(201);
    await t.app.mailer.settled();
    const [row] = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, 'gone@bounce.example'));
    expect(row?.status).toBe('failed');
    expect(row?.error).toMatch(/550|mailbox/i);
  });

  it('tries an email turned away for now again, and one whose delivery a dead process left; never a bounce', async () => {
    const emailsTo = (address: string) =>
      t.db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, address));
    const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    sink.busy.on = true;
    expect((await register('kim@busy.example')).statusCode).toBe(201);
    await t.app.mailer.settled();
    const [turnedAway] = await emailsTo('kim@busy.example');
    expect(turnedAway).toMatchObject({ status: 'queued', attempts: 1 });
    expect(turnedAway?.error).toMatch(/busy/i);

    // Not before its back-off; then again while the server is still busy (the next wait is longer).
    expect(await t.app.mailer.retryDue(new Date())).toEqual({ sent: 0, queued: 0, failed: 0 });
    expect(await t.app.mailer.retryDue(minutesLater(2))).toEqual({ sent: 0, queued: 1, failed: 0 });
    expect((await emailsTo('kim@busy.example'))[0]).toMatchObject({ status: 'queued', attempts: 2 });
    sink.busy.on = false;
    expect(await t.app.mailer.retryDue(minutesLater(10))).toEqual({ sent: 1, queued: 0, failed: 0 });
    expect((await emailsTo('kim@busy.example'))[0]).toMatchObject({ status: 'sent', attempts: 3 });
    expect(sink.received.filter((mail) => mail.to.includes('kim@busy.example'))).toHaveLength(1);

    // A process that died mid-delivery leaves its email queued, leased: it is sent once the lease ends.
    const [left] = await t.db
      .insert(outboundEmails)
      .values({
        toAddress: 'lee@example.com',
        subject: 'Left behind',
        html: '<p>Left</p>',
        text: 'Left',
        template: 'test',
        status: 'queued',
        attempts: 1,
        nextAttemptAt: minutesLater(2),
      })
      .returning();
    expect(await t.app.mailer.retryDue(new Date())).toEqual({ sent: 0, queued: 0, failed: 0 });
    expect(await t.app.mailer.retryDue(minutesLater(3))).toEqual({ sent: 1, queued: 0, failed: 0 });
    expect((await emailsTo('lee@example.com'))[0]).toMatchObject({ id: left?.id, status: 'sent' });
    expect(sink.received.find((mail) => mail.to.includes('lee@example.com'))?.raw).toContain(
      'Subject: Left behind',
    );

    // A bounce is final; and a day-old email is not sent late.
    expect((await emailsTo('gone@bounce.example'))[0]?.status).toBe('failed');
    await t.db.insert(outboundEmails).values({
      toAddress: 'late@example.com',
      subject: 'Too late',
      html: '<p>Late</p>',
      text: 'Late',
      template: 'test',
      status: 'queued',
      attempts: 1,
      nextAttemptAt: new Date(Date.now() - 60_000),
      createdAt: new Date(Date.now() - 25 * 60 * 60_000),
    });
    expect(await t.app.mailer.retryDue(minutesLater(60))).toEqual({ sent: 0, queued: 0, failed: 0 });
  });
});

describe('email delivery leases', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it("leaves an email another process holds; takes it once that process's lease has run out (it died)", async () => {
    const leased = (to: string, leaseUntil: Date) => ({
      toAddress: to,
      subject: 'Leased',
      html: '<p>Leased</p>',
      text: 'Leased',
      template: 'test',
      status: 'queued',
      attempts: 1,
      nextAttemptAt: new Date(Date.now() - 60_000),
      leaseUntil,
    });
    await t.db
      .insert(outboundEmails)
      .values([
        leased('held@example.com', new Date(Date.now() + 60_000)),
        leased('dropped@example.com', new Date(Date.now() - 1000)),
      ]);
    expect(await t.app.mailer.retryDue(new Date())).toEqual({ sent: 1, queued: 0, failed: 0 });
    expect(sink.received.flatMap((mail) => mail.to)).toEqual(['dropped@example.com']);
    const [held] = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, 'held@example.com'));
    expect(held).toMatchObject({ status: 'queued', attempts: 1 });
    const [dropped] = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.toAddress, 'dropped@example.com'));
    expect(dropped).toMatchObject({ status: 'sent', attempts: 2, leaseUntil: null });
  });

  it('renews the lease while a slow mail server holds the delivery, however long it takes', async () => {
    // Only the renewal's timer is faked: the SMTP conversation runs on real sockets.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const email = {
        to: 'kept@slow.example',
        subject: 'Slow',
        html: '<p>Slow</p>',
        text: 'Slow',
        template: 'test',
      };
      await t.app.mailer.send(email);
      await sink.slow.arrived;
      const leaseOf = async () =>
        (await t.db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, email.to)))[0]
          ?.leaseUntil;
      const first = (await leaseOf())?.getTime() ?? 0;
      // Three renewals' time: past the first lease of two minutes.
      await vi.advanceTimersByTimeAsync(3 * 40_000);
      await vi.waitFor(async () => expect((await leaseOf())?.getTime()).toBeGreaterThan(first));
      sink.slow.release();
      await t.app.mailer.settled();
      const [sent] = await t.db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, email.to));
      expect(sent).toMatchObject({ status: 'sent', leaseUntil: null });
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the lease of an email it sends at once go when it is sent', async () => {
    const email = {
      to: 'fresh@example.com',
      subject: 'Fresh',
      html: '<p>Fresh</p>',
      text: 'Fresh',
      template: 'test',
    };
    await t.app.mailer.send(email);
    await t.app.mailer.settled();
    const [sent] = await t.db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, email.to));
    expect(sent).toMatchObject({ status: 'sent', leaseUntil: null });
  });
});

describe('the dev mailbox (no SMTP configured, asked for)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEV_MAILBOX: 'true' });
    await seedIfEmpty(t.db, t.config);
  });
  afterAll(async () => t.close());

  it('keeps emails in the outbox and shows them at /dev/mailbox', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      payload: { email_or_reference: 'member@example.com' },
    });
    expect(sent.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Reset your Riverside Leisure password');
    const id = /href="\/dev\/mailbox\/(\d+)"/.exec(list.body)?.[1];
    const email = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
    expect(email.body).toContain('/account/password-reset/');
    // A document: the pages' policy, not the JSON answers' (which allows nothing).
    expect(String(email.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('is not served unless asked for (and production refuses to be asked: config.test.ts)', async () => {
    const unasked = await startTestApp();
    const res = await unasked.app.inject({ method: 'GET', url: '/dev/mailbox' });
    await unasked.close();
    expect(res.statusCode).toBe(404);
  });
});
