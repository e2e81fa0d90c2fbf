import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { testConfig } from '../../config';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { clients } from '../../db/schema';
import { seedIfEmpty } from '../../seed/seed';
import { createUser } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * Two instances of the API on one database, each with its own DATA_DIR (two machines without a
 * shared folder): a file uploaded through one is served by the other (issue 12). On PostgreSQL
 * (TEST_DATABASE_URL) the second instance has its own connection pool, as a replica would.
 */
describe.each([
  ['in the database (the default)', 'database'],
  ['in an S3-compatible store', 's3'],
] as const)('uploads are shared by every replica: %s', (_name, store) => {
  let first: TestApp;
  let second: { app: App; database: DatabaseHandle; own: boolean };
  let s3: S3rver | undefined;
  let settings: Record<string, string> = {};

  beforeAll(async () => {
    if (store === 's3') {
      // A local server speaking the real S3 protocol, with its own folder.
      s3 = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: mkdtempSync(path.join(tmpdir(), 's3rver-')),
        configureBuckets: [{ name: 'uploads', configs: [] }],
      });
      const { port } = await s3.run();
      settings = {
        UPLOAD_STORE: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'uploads',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
    }
    first = await startTestApp(settings);
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
    const config = testConfig(settings);
    expect(config.dataDir).not.toBe(first.config.dataDir);
    const app = await buildApp({ config, database });
    await app.ready();
    second = { app, database, own: Boolean(serverUrl) };
  });
  afterAll(async () => {
    await second?.app.close();
    if (second?.own) await second.database.close();
    await first?.close();
    await s3?.close();
  });

  it('a profile photo uploaded through one instance downloads through the other', async () => {
    const client = (await first.db.select().from(clients).limit(1))[0];
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
    // Deleting through the second removes it for the first too.
    const deleted = await second.app.inject({
      method: 'DELETE',
      url: '/api/my-account/user/profile-photo',
      headers: member.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await first.app.inject({ url, headers: member.headers })).statusCode).toBe(404);
  });
});
