import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails } from '../../db/schema';
import { startReplica, startTestApp, type TestApp } from '../../test/harness';

/**
 * A slow SMTP server: the first message to `slow@example.com` is held (its DATA not answered) until
 * the test lets it go, and `held` resolves when it arrives; every other message is taken at once.
 */
async function startSlowSmtp() {
  const received: string[] = [];
  let arrived: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let letGo: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  let holding = true;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(...to);
        if (holding && to.includes('slow@example.com')) {
          holding = false;
          arrived();
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
    held,
    letGo: () => letGo(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the email retry job on two replicas, against a slow mail server', () => {
  let t: TestApp;
  let replica: Awaited<ReturnType<typeof startReplica>>;
  let smtp: Awaited<ReturnType<typeof startSlowSmtp>>;
  beforeAll(async () => {
    smtp = await startSlowSmtp();
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    replica = await startReplica(t);
  });
  afterAll(async () => {
    smtp?.letGo();
    await replica?.close();
    await t?.close();
    await smtp?.close();
  });

  it('delivers each email exactly once: an email is leased as it is sent, not a batch ahead', async () => {
    const now = new Date();
    const queued = (to: string) => ({
      toAddress: to,
      subject: `For ${to}`,
      html: '<p>Hello</p>',
      text: 'Hello',
      template: 'test',
      status: 'queued',
      attempts: 1,
      // Turned away once a minute ago: due for another try.
      nextAttemptAt: new Date(now.getTime() - 1000),
    });
    const rows = await t.db
      .insert(outboundEmails)
      .values([queued('slow@example.com'), queued('next@example.com')])
      .returning({ id: outboundEmails.id });

    // The first replica's run takes the first email, and the mail server sits on it.
    const first = t.app.mailer.retryDue(now);
    await smtp.held;
    // The other replica's run, three minutes on (past a two-minute lease taken for the whole batch
    // at the start): it must leave the email being sent alone, and may take the one nobody holds.
    const second = await replica.app.mailer.retryDue(new Date(now.getTime() + 3 * 60_000));
    smtp.letGo();
    const firstRun = await first;

    expect(firstRun.sent + second.sent).toBe(2);
    expect(smtp.received.filter((to) => to === 'slow@example.com')).toHaveLength(1);
    expect(smtp.received.filter((to) => to === 'next@example.com')).toHaveLength(1);
    const after = await t.db
      .select()
      .from(outboundEmails)
      .where(
        inArray(
          outboundEmails.id,
          rows.map((row) => row.id),
        ),
      );
    for (const row of after) expect(row).toMatchObject({ status: 'sent', attempts: 2, leaseUntil: null });
  });
});
