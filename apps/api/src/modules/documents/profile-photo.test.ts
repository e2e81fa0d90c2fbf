import { profilePhotoMessages } from '@leisure/contract/documents';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, uploadContents, uploads, users } from '../../db/schema';
import { seedIfEmpty } from '../../seed/seed';
import { api, createUser } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

/** A multipart body with one file under `field`. */
function multipart(file: { name: string; type: string; bytes: Buffer }, field = 'photo') {
  const boundary = '----photo-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A 600x300 JPEG, red on the left and blue on the right, stored sideways: its EXIF orientation 6
 * says "turn 90° clockwise to view", so upright it is 300x600, red on top and blue below. It also
 * carries a copyright note and GPS-like metadata that must not survive.
 */
async function sidewaysJpeg(): Promise<Buffer> {
  const half = (r: number, b: number) =>
    sharp({ create: { width: 300, height: 300, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 600, height: 300, channels: 3, background: '#000' } })
    .composite([
      { input: await half(255, 0), left: 0, top: 0 },
      { input: await half(0, 255), left: 300, top: 0 },
    ])
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Secret Photographer', Artist: 'Alex' } })
    .jpeg()
    .toBuffer();
}

async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at] ?? 0, g: data[at + 1] ?? 0, b: data[at + 2] ?? 0 };
}

describe('profile photo: re-encoded, owner only, replaced and deleted with its file', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let clientId: number;
  /** Whether the upload store (the database, by default) still holds a file's bytes. */
  const hasBytes = async (storedName: string) =>
    (await t.db.select().from(uploadContents).where(eq(uploadContents.storedName, storedName))).length > 0;

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    const client = (await t.db.select().from(clients).limit(1))[0];
    if (!client) throw new Error('no client');
    clientId = client.id;
    http = api(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (headers: Record<string, string>, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/my-account/user/profile-photo',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  const authUser = async (headers: Record<string, string>) =>
    (await http.get('/api/auth/user', headers)).json().data.profile_photo;

  it('starts unset and allowed; staff are not allowed', async () => {
    const member = await createUser(t.db, clientId);
    expect(await authUser(member.headers)).toEqual({
      authorisation: { allowed: true },
      url: null,
      is_set: false,
      reminder: { dismissed: false },
    });
    const staff = await createUser(t.db, clientId, { staff: true });
    expect((await authUser(staff.headers)).authorisation).toEqual({ allowed: false });
    const refused = await post(
      staff.headers,
      multipart({ name: 'a.jpg', type: 'image/jpeg', bytes: await sidewaysJpeg() }),
    );
    expect(refused.statusCode).toBe(403);
  });

  it('turns the photo upright, crops the centre square to 400x400 JPEG and drops EXIF', async () => {
    const member = await createUser(t.db, clientId);
    const original = await sidewaysJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await post(
      member.headers,
      multipart({ name: 'holiday.jpg', type: 'image/jpeg', bytes: original }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json().data;
    expect(state).toMatchObject({ authorisation: { allowed: true }, is_set: true });
    expect(state.url).toMatch(/^\/api\/my-account\/user\/profile-photo\?v=\d+$/);
    expect(await authUser(member.headers)).toEqual(state);

    const photo = await t.app.inject({ url: state.url, headers: member.headers });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toMatch(/^private/);
    const meta = await sharp(photo.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(photo.rawPayload.includes(Buffer.from('Secret Photographer'))).toBe(false);
    // Upright: red on top, blue below (unrotated it would be red left, blue right).
    const top = await pixel(photo.rawPayload, 200, 40);
    const bottom = await pixel(photo.rawPayload, 200, 360);
    expect(top.r).toBeGreaterThan(200);
    expect(top.b).toBeLessThan(60);
    expect(bottom.b).toBeGreaterThan(200);
    expect(bottom.r).toBeLessThan(60);

    // The stored upload is the re-encoded JPEG, under a generated name, of kind profile_photo.
    const [row] = await t.db.select().from(uploads).where(eq(uploads.userId, member.user.id));
    expect(row).toMatchObject({
      kind: 'profile_photo',
      contentType: 'image/jpeg',
      originalName: 'holiday.jpg',
    });
    expect(row?.storedName).toMatch(/^[0-9a-f-]{36}\.jpg$/);
  });

  it('accepts a PNG; refuses a renamed HTML file, a PDF, a broken image, an oversized file and no file', async () => {
    const member = await createUser(t.db, clientId);
    const png = await sharp({ create: { width: 50, height: 80, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    const ok = await post(member.headers, multipart({ name: 'me.png', type: 'image/png', bytes: png }));
    expect(ok.statusCode, ok.body).toBe(200);
    const [stored] = await t.db.select().from(uploads).where(eq(uploads.userId, member.user.id));

    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const renamed = await post(
      member.headers,
      multipart({ name: 'me.jpg', type: 'image/jpeg', bytes: html }),
    );
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors).toEqual({ photo: ['The file must be one of: JPEG, PNG.'] });

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const asPdf = await post(
      member.headers,
      multipart({ name: 'me.pdf', type: 'application/pdf', bytes: pdf }),
    );
    expect(asPdf.statusCode).toBe(422);

    // JPEG magic bytes, then nothing an image decoder can read.
    const broken = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(200, 7)]);
    const bad = await post(member.headers, multipart({ name: 'x.jpg', type: 'image/jpeg', bytes: broken }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ photo: [profilePhotoMessages.unreadable] });

    const huge = Buffer.concat([png, Buffer.alloc(20_000_001 - png.length)]);
    const big = await post(member.headers, multipart({ name: 'big.png', type: 'image/png', bytes: huge }));
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toEqual({ photo: ['File size exceeds 20mb.'] });

    const wrongField = await post(
      member.headers,
      multipart({ name: 'me.png', type: 'image/png', bytes: png }, 'file'),
    );
    expect(wrongField.statusCode).toBe(422);
    expect(Object.keys(wrongField.json().errors)).toEqual(['photo']);

    const notMultipart = await http.post('/api/my-account/user/profile-photo', member.headers, {
      photo: 'x',
    });
    expect(notMultipart.statusCode).toBe(422);

    // None of that changed the photo.
    const rows = await t.db.select().from(uploads).where(eq(uploads.userId, member.user.id));
    expect(rows.map((r) => r.id)).toEqual([stored?.id]);
  });

  it('replacing deletes the previous photo and its file; delete removes the current one', async () => {
    const member = await createUser(t.db, clientId);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    await post(member.headers, multipart({ name: 'a.png', type: 'image/png', bytes: png }));
    const [first] = await t.db.select().from(uploads).where(eq(uploads.userId, member.user.id));
    if (!first) throw new Error('no first photo');
    expect(await hasBytes(first.storedName)).toBe(true);

    const second = await post(member.headers, multipart({ name: 'b.png', type: 'image/png', bytes: png }));
    expect(second.statusCode).toBe(200);
    const rows = await t.db.select().from(uploads).where(eq(uploads.userId, member.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(first.id);
    expect(await hasBytes(first.storedName)).toBe(false);
    expect(second.json().data.url).toBe(`/api/my-account/user/profile-photo?v=${rows[0]?.id}`);

    const deleted = await http.delete('/api/my-account/user/profile-photo', member.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toMatchObject({ is_set: false, url: null });
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, member.user.id))).toEqual([]);
    expect(await hasBytes(rows[0]?.storedName ?? 'x')).toBe(false);
    const [user] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(user?.profilePhotoUploadId).toBeNull();
    expect((await http.get('/api/my-account/user/profile-photo', member.headers)).statusCode).toBe(404);
    // Deleting again is harmless.
    expect((await http.delete('/api/my-account/user/profile-photo', member.headers)).statusCode).toBe(200);
  });

  it('two uploads at once leave exactly one photo and one file', async () => {
    const member = await createUser(t.db, clientId);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#456' } })
      .png()
      .toBuffer();
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        post(member.headers, multipart({ name: `${n}.png`, type: 'image/png', bytes: png })),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.db.select().from(uploads).where(eq(uploads.userId, member.user.id));
    expect(rows).toHaveLength(1);
    const [user] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(user?.profilePhotoUploadId).toBe(rows[0]?.id);
  });

  it('nobody else can read the photo: not by the upload download, not anonymously', async () => {
    const owner = await createUser(t.db, clientId);
    const other = await createUser(t.db, clientId);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#789' } })
      .png()
      .toBuffer();
    await post(owner.headers, multipart({ name: 'mine.png', type: 'image/png', bytes: png }));
    const [row] = await t.db.select().from(uploads).where(eq(uploads.userId, owner.user.id));
    expect((await http.get(`/api/my-account/uploads/${row?.id}`, owner.headers)).statusCode).toBe(200);
    expect((await http.get(`/api/my-account/uploads/${row?.id}`, other.headers)).statusCode).toBe(404);
    // The photo route only ever answers the caller's own photo; the other member has none.
    expect(
      (await http.get(`/api/my-account/user/profile-photo?v=${row?.id}`, other.headers)).statusCode,
    ).toBe(404);
    expect((await http.get('/api/my-account/user/profile-photo', {})).statusCode).toBe(401);
    const anonymousPost = await post({}, multipart({ name: 'x.png', type: 'image/png', bytes: png }));
    expect(anonymousPost.statusCode).toBe(401);
    expect((await http.delete('/api/my-account/user/profile-photo', {})).statusCode).toBe(401);
  });

  it('dismisses the reminder; the operator setting turns photos off', async () => {
    const member = await createUser(t.db, clientId);
    const dismissed = await http.post(
      '/api/my-account/user/profile-photo/reminder/dismiss',
      member.headers,
      {},
    );
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().data.reminder).toEqual({ dismissed: true });
    expect((await authUser(member.headers)).reminder).toEqual({ dismissed: true });
    expect((await http.post('/api/my-account/user/profile-photo/reminder/dismiss', {}, {})).statusCode).toBe(
      401,
    );

    await t.db.update(clients).set({ profilePhotosEnabled: false }).where(eq(clients.id, clientId));
    try {
      expect((await authUser(member.headers)).authorisation).toEqual({ allowed: false });
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#789' } })
        .png()
        .toBuffer();
      const refused = await post(member.headers, multipart({ name: 'x.png', type: 'image/png', bytes: png }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(profilePhotoMessages.notAllowed);
    } finally {
      await t.db.update(clients).set({ profilePhotosEnabled: true }).where(eq(clients.id, clientId));
    }
  });
});
