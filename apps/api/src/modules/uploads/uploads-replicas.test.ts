import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { testConfig } from '../../config';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { seedIfEmpty } from '../../seed/seed';
import { createUser } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * Two instances of the API on one database, each with its own DATA_DIR (two machines without a
 * shared folder): a file uploaded through one is served by the other (issue 12). On PostgreSQL
 * (TEST_DATABASE_URL) the second instance has its own connection pool, as a replica would.
 */
describe('uploads are shared by every replica', () => {
  let first: TestApp;
  let second: { app: App; database: DatabaseHandle; own: boolean };

  beforeAll(async () => {
    first = await startTestApp();
    await seedIfEmpty(first.db, first.config);
    const serverUrl = process.env.TEST_DATABASE_URL;
    let database = first.database;
    if (serverUrl) {
      const result = (await first.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const url = new URL(serverUrl);
      url.pathname = `/${result.rows[0]?.name}`;
      database = await openDatabase({ url: url.toString(), poolSize: 5 });
    }
    // A fresh test config: another temporary DATA_DIR, so nothing is shared through the disk.
    const config = testConfig();
    expect(config.dataDir).not.toBe(first.config.dataDir);
    const app = await buildApp({ config, database });
    await app.ready();
    second = { app, database, own: Boolean(serverUrl) };
  });
  afterAll(async () => {
    await second?.app.close();
    if (second?.own) await second.database.close();
    await first?.close();
  });

  it('a profile photo uploaded through one instance downloads through the other', async () => {
    const client = await first.db.query.clients.findFirst();
    if (!client) throw new Error('no client');
    const member = await createUser(first.db, client.id);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const boundary = '----replica-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await first.app.inject({
      method: 'POST',
      url: '/api/my-account/user/profile-photo',
      headers: { ...member.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url: string = uploaded.json().data.url;

    const fromFirst = await first.app.inject({ url, headers: member.headers });
    const fromSecond = await second.app.inject({ url, headers: member.headers });
    expect(fromSecond.statusCode, fromSecond.body).toBe(200);
    expect(fromSecond.headers['content-type']).toBe('image/jpeg');
    expect(fromSecond.rawPayload.equals(fromFirst.rawPayload)).toBe(true);
    expect((await sharp(fromSecond.rawPayload).metadata()).width).toBeGreaterThan(0);
  });
});
