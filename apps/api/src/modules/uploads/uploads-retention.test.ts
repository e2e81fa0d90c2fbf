import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, uploadContents, uploads } from '../../db/schema';
import { createS3ObjectStore } from '../../providers/object-store/s3-object-store';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import { createManagementTypes, pngBytes } from '../../test/factories/membership-fixtures';
import { studentMember } from '../../test/factories/upload-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { pdfOf, textContent } from './hostile-pdfs';
import { uploadMessages } from './uploads.service';

/**
 * Issue 44: replaced files are deleted, bytes and all, in every UPLOAD_STORE; a member keeps at
 * most a quota of files and bytes, and may upload at most so many times an hour; staff download
 * only the uploads of this deployment's operator.
 */

const pdf = pdfOf(textContent(4));

async function uploadedOf(t: TestApp, userId: number) {
  return t.db.select().from(uploads).where(eq(uploads.userId, userId));
}

describe.each([
  ['database', 'database'],
  ['disk', 'disk'],
  ['s3', 's3'],
] as const)('uploads: replaced eligibility documents are deleted (UPLOAD_STORE=%s)', (_name, store) => {
  let t: TestApp;
  let f: Fixture;
  let types: Awaited<ReturnType<typeof createManagementTypes>>;
  let staff: Awaited<ReturnType<typeof createUser>>;
  let s3: S3rver | undefined;

  /** Whether the bytes of a stored name are still kept, wherever this store keeps them. */
  async function bytesKept(storedName: string): Promise<boolean> {
    if (store === 'database') {
      const rows = await t.db.select().from(uploadContents).where(eq(uploadContents.storedName, storedName));
      return rows.length > 0;
    }
    if (store === 'disk') return existsSync(path.join(t.config.dataDir, 'uploads', storedName));
    if (!t.config.s3) throw new Error('no s3 settings');
    return createS3ObjectStore(t.config.s3)
      .get(storedName)
      .then(
        () => true,
        () => false,
      );
  }

  beforeAll(async () => {
    let settings: Record<string, string> = { UPLOAD_STORE: store };
    if (store === 's3') {
      s3 = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: mkdtempSync(path.join(tmpdir(), 's3rver-')),
        configureBuckets: [{ name: 'uploads', configs: [] }],
      });
      const { port } = await s3.run();
      settings = {
        ...settings,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'uploads',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
    }
    t = await startTestApp(settings);
    f = await createFixture(t.db);
    types = await createManagementTypes(t.db, f.clientId, f.venue.id);
    staff = await createUser(t.db, f.clientId, { staff: true });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('a new upload deletes the document waiting for review and a rejected one; an approval deletes the earlier approved one', async () => {
    const member = await studentMember(t, f, types);
    const http = api(t.app);

    const first = await member.upload();
    expect(first.statusCode, first.body).toBe(201);
    const [firstFile] = await uploadedOf(t, member.userId);
    if (!firstFile) throw new Error('no upload');
    expect(await bytesKept(firstFile.storedName)).toBe(true);

    // Replacing the pending document.
    const second = await member.upload();
    expect(second.statusCode, second.body).toBe(201);
    const afterSecond = await uploadedOf(t, member.userId);
    expect(afterSecond.map((row) => row.id)).not.toContain(firstFile.id);
    expect(afterSecond).toHaveLength(1);
    expect(await bytesKept(firstFile.storedName)).toBe(false);

    // Replacing a rejected document.
    const secondFile = afterSecond[0];
    if (!secondFile) throw new Error('no upload');
    const rejected = await http.post(
      `/api/staff/eligibility-documents/${second.json().data.id}/reject`,
      staff.headers,
      { reason: 'Blurred' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const third = await member.upload();
    expect(third.statusCode, third.body).toBe(201);
    expect((await uploadedOf(t, member.userId)).map((row) => row.id)).not.toContain(secondFile.id);
    expect(await bytesKept(secondFile.storedName)).toBe(false);

    // An approved document is replaced once a newer one is approved.
    const approved = await http.post(
      `/api/staff/eligibility-documents/${third.json().data.id}/approve`,
      staff.headers,
      { expires_on: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10) },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const [thirdFile] = await uploadedOf(t, member.userId);
    if (!thirdFile) throw new Error('no upload');
    const fourth = await member.upload();
    expect(fourth.statusCode, fourth.body).toBe(201);
    // While the new one waits, the approved one still counts and is kept.
    expect(await bytesKept(thirdFile.storedName)).toBe(true);
    const approvedAgain = await http.post(
      `/api/staff/eligibility-documents/${fourth.json().data.id}/approve`,
      staff.headers,
      {},
    );
    expect(approvedAgain.statusCode, approvedAgain.body).toBe(200);
    const left = await uploadedOf(t, member.userId);
    expect(left).toHaveLength(1);
    expect(left[0]?.id).not.toBe(thirdFile.id);
    expect(await bytesKept(thirdFile.storedName)).toBe(false);
  });
});

describe('uploads: per-member quota and upload rate', () => {
  let t: TestApp;
  let f: Fixture;
  let types: Awaited<ReturnType<typeof createManagementTypes>>;

  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_QUOTA_FILES: '1', UPLOAD_QUOTA_MB: '1', UPLOAD_RATE_PER_HOUR: '4' });
    f = await createFixture(t.db);
    types = await createManagementTypes(t.db, f.clientId, f.venue.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a file past the member’s stored bytes or files (422); a replaced file does not count', async () => {
    const member = await studentMember(t, f, types);
    const big = Buffer.concat([pngBytes, Buffer.alloc(1_100_000)]);
    const tooBig = await member.upload(big, 'card.png');
    expect(tooBig.statusCode, tooBig.body).toBe(422);
    expect(tooBig.json().errors).toEqual({ document: [uploadMessages.quotaBytes] });

    // One file allowed: uploading again replaces it, so it is still one.
    expect((await member.upload()).statusCode).toBe(201);
    expect((await member.upload()).statusCode).toBe(201);
    expect(await uploadedOf(t, member.userId)).toHaveLength(1);

    // A second file kept beside it (a photo) is one too many.
    const body = await photoBody();
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/my-account/user/profile-photo',
      headers: { ...member.headers, ...body.headers },
      payload: body.payload,
    });
    expect(photo.statusCode, photo.body).toBe(422);
    expect(photo.json().errors).toEqual({ photo: [uploadMessages.quotaFiles] });
  });

  it('answers 429 past the upload rate, for that member only', async () => {
    const member = await studentMember(t, f, types);
    for (let i = 0; i < 4; i++) expect((await member.upload()).statusCode).toBe(201);
    const limited = await member.upload();
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().message).toBe(uploadMessages.tooMany);
    const other = await studentMember(t, f, types);
    expect((await other.upload()).statusCode).toBe(201);
  });
});

async function photoBody() {
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  const boundary = '----photo-test';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe('uploads: staff download only their own operator’s', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a staff user downloads this operator’s member uploads, and gets 404 for another operator’s', async () => {
    const here = await createFixture(t.db);
    const types = await createManagementTypes(t.db, here.clientId, here.venue.id);
    // Another operator in the same database (a shared database, or a second deployment's rows).
    const [elsewhere] = await t.db
      .insert(clients)
      .values({
        slug: 'other-operator',
        name: 'Other Leisure',
        appName: 'Other',
        supportEmail: 'help@other.example',
      })
      .returning();
    if (!elsewhere) throw new Error('no client');
    const ours = await studentMember(t, here, types);
    expect((await ours.upload()).statusCode).toBe(201);
    const [ourFile] = await uploadedOf(t, ours.userId);
    const theirs = await createUser(t.db, elsewhere.id);
    const [theirFile] = await t.db
      .insert(uploads)
      .values({
        userId: theirs.user.id,
        kind: 'eligibility_document',
        storedName: 'their-file.pdf',
        originalName: 'theirs.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
      })
      .returning();
    await t.db.insert(uploadContents).values({ storedName: 'their-file.pdf', bytes: pdf });
    const staff = await createUser(t.db, here.clientId, { staff: true });

    const mine = await t.app.inject({
      url: `/api/my-account/uploads/${ourFile?.id}`,
      headers: staff.headers,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const other = await t.app.inject({
      url: `/api/my-account/uploads/${theirFile?.id}`,
      headers: staff.headers,
    });
    expect(other.statusCode).toBe(404);
    // Their own member's session is no session at this operator's deployment (operator-tied sessions).
    const owner = await t.app.inject({
      url: `/api/my-account/uploads/${theirFile?.id}`,
      headers: theirs.headers,
    });
    expect(owner.statusCode).toBe(401);
  });
});
