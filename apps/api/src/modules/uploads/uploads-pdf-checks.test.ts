import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { createFixture } from '../../test/factories/basket-fixtures';
import { type StudentMember, studentMember } from '../../test/factories/upload-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  ascii85Encode,
  asciiHexEncode,
  deflateBombPdf,
  javaScriptAction,
  lzwEncode,
  objectStream,
  pdfkitDocument,
  pdfOf,
  plainObject,
  streamObject,
  textContent,
} from './hostile-pdfs';
import { uploadMessages } from './uploads.service';

/**
 * Issue 44: a member's PDF is checked in a worker thread, by a real parse, within a deadline and a
 * per-file budget, through the real upload route (an eligibility document). Every PDF here is built
 * by code.
 */

describe('uploads: PDF checks through the upload route', () => {
  let t: TestApp;
  let member: StudentMember;

  beforeAll(async () => {
    t = await startTestApp({ UPLOAD_RATE_PER_HOUR: '1000', UPLOAD_QUOTA_FILES: '1000' });
    const f = await createFixture(t.db);
    member = await studentMember(t, f);
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectRefused = async (bytes: Buffer, message: string) => {
    const response = await member.upload(bytes);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ document: [message] });
  };

  it('accepts a normal PDF of several pages and streams (pdfkit)', async () => {
    const response = await member.upload(await pdfkitDocument());
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses the deflate-bomb PDF (many small streams inflating to GBs) as uncheckable, quickly', async () => {
    const hostile = deflateBombPdf(40, 20_000_000);
    expect(hostile.length).toBeLessThan(1_000_000);
    const started = performance.now();
    await expectRefused(hostile, uploadMessages.unchecked);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses JavaScript in the second stream', async () => {
    const second = streamObject(5, '/Filter/FlateDecode', deflateSync(Buffer.from(javaScriptAction)));
    await expectRefused(pdfOf(textContent(4), second), uploadMessages.activeContent);
  });

  it('refuses a stream padded past its /Length, with an action in the padding', async () => {
    const padded = Buffer.from(`BT ET\n6 0 obj\n${javaScriptAction}\nendobj\n`);
    await expectRefused(pdfOf(streamObject(4, '', padded, 6)), uploadMessages.unchecked);
  });

  it('refuses JavaScript behind ASCIIHex, ASCII85 and LZW', async () => {
    const action = Buffer.from(javaScriptAction);
    for (const [filter, data] of [
      ['/ASCIIHexDecode', asciiHexEncode(action)],
      ['/ASCII85Decode', ascii85Encode(action)],
      ['/LZWDecode', lzwEncode(action)],
    ] as const) {
      await expectRefused(
        pdfOf(textContent(4), streamObject(5, `/Filter${filter}`, data)),
        uploadMessages.activeContent,
      );
    }
  });

  it('refuses JavaScript in an object stream', async () => {
    const objects = objectStream(9, 10, [
      '<</Type/Catalog/Pages 2 0 R/OpenAction 11 0 R>>',
      javaScriptAction,
    ]);
    await expectRefused(pdfOf(textContent(4), objects), uploadMessages.activeContent);
  });

  it('refuses a /Java#53cript name', async () => {
    await expectRefused(
      pdfOf(plainObject(4, '<</Type/Action/S/Java#53cript/JS(app.alert\\(1\\))>>')),
      uploadMessages.activeContent,
    );
  });

  it('refuses an unknown filter and an encrypted PDF', async () => {
    await expectRefused(
      pdfOf(streamObject(4, '/Filter/MadeUpDecode', Buffer.from('x'))),
      uploadMessages.unchecked,
    );
    await expectRefused(
      pdfOf(plainObject(9, '<</Filter/Standard/V 2/R 3>>'), Buffer.from('trailer<</Encrypt 9 0 R>>\n')),
      uploadMessages.encrypted,
    );
  });

  it('stored none of the refused files', async () => {
    const rows = await t.db.select().from(uploads).where(eq(uploads.userId, member.userId));
    expect(rows).toHaveLength(1);
  });
});

describe('uploads: the check runs off the request thread, within its deadline', () => {
  let t: TestApp;
  let member: StudentMember;

  beforeAll(async () => {
    // A budget far above what the hostile file inflates to, so only the deadline stops its check.
    t = await startTestApp({ UPLOAD_CHECK_MAX_DECODED_MB: '2048', UPLOAD_CHECK_TIMEOUT_MS: '2500' });
    member = await studentMember(t, await createFixture(t.db));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers other requests promptly while a hostile PDF is being checked, and refuses the PDF at the deadline', async () => {
    // 100 streams of 20 MB: 2 GB to inflate, several seconds of CPU; on the request's thread it
    // would hold every other request for all of that.
    const hostile = deflateBombPdf(100, 20_000_000);
    let uploadDone = false;
    const started = performance.now();
    const upload = member.upload(hostile).finally(() => {
      uploadDone = true;
    });
    const latencies: number[] = [];
    while (!uploadDone) {
      const asked = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      latencies.push(performance.now() - asked);
      // inject() can answer without leaving the microtask queue: let timers and the worker's messages in.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const response = await upload;
    const took = performance.now() - started;
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ document: [uploadMessages.unchecked] });
    // The check ran for (about) its whole deadline, and health was answered all along.
    expect(took).toBeGreaterThan(2000);
    expect(took).toBeLessThan(5000);
    expect(latencies.length).toBeGreaterThan(10);
    expect(Math.max(...latencies)).toBeLessThan(500);
  });
});

describe('uploads: a checking thread has a heap cap', () => {
  let t: TestApp;
  let member: StudentMember;

  beforeAll(async () => {
    // No deadline to speak of: only the heap cap can stop this check.
    t = await startTestApp({
      UPLOAD_CHECK_MEMORY_MB: '16',
      UPLOAD_CHECK_MAX_DECODED_MB: '200',
      UPLOAD_CHECK_TIMEOUT_MS: '60000',
    });
    member = await studentMember(t, await createFixture(t.db));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a PDF whose parse outgrows the heap (its worker is stopped), and then checks the next file', async () => {
    // One dictionary with millions of distinct keys: small compressed, large as parsed objects.
    const keys = Array.from({ length: 400_000 }, (_, i) => `/k${i} ${i}`).join(' ');
    const huge = streamObject(5, '/Filter/FlateDecode', deflateSync(Buffer.from(`<<${keys}>>`)));
    const response = await member.upload(pdfOf(textContent(4), huge));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ document: [uploadMessages.unchecked] });
    const next = await member.upload(pdfOf(textContent(4)));
    expect(next.statusCode, next.body).toBe(201);
  });
});
