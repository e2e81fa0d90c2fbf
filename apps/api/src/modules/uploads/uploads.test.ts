import { deflateSync } from 'node:zlib';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema';
import { AppError } from '../../errors';
import { seedIfEmpty } from '../../seed/seed';
import { startTestApp, type TestApp } from '../../test/harness';
import { createCustomer } from '../auth/auth.service';
import { checkUploadedFile, readMultipartForm, storeUpload, uploadMessages } from './uploads.service';

const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
// The smallest valid PNG: signature, IHDR, IDAT, IEND.
const pngBytes = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cf' +
    'c0f01f0005000201a1e6a0a80000000049454e44ae426082',
  'hex',
);

function multipartBody(file: { name: string; type: string; bytes: Buffer }, field = 'document') {
  const boundary = '----leisure-test';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('uploads: type by content, size, generated names, owner-only downloads', () => {
  let test: TestApp;
  let uploader: FastifyInstance;
  let owner: { id: number };
  let other: { id: number };

  beforeAll(async () => {
    test = await startTestApp();
    await seedIfEmpty(test.db, test.config);
    const client = (await test.db.select().from(clients).limit(1))[0];
    if (!client) throw new Error('the seed made no client');
    const clientId = client.id;
    owner = await createCustomer(test.db, clientId, {
      email: 'owner@example.com',
      password: 'Owner-Pass-1',
      firstName: 'Olu',
      lastName: 'Owner',
      termsAcceptedAt: new Date(),
    });
    other = await createCustomer(test.db, clientId, {
      email: 'other@example.com',
      password: 'Other-Pass-1',
      firstName: 'Oti',
      lastName: 'Other',
      termsAcceptedAt: new Date(),
    });
    // A stand-in route using the service exactly as the document and photo routes do.
    uploader = Fastify();
    await uploader.register(multipart, { limits: { fileSize: 2_000, files: 1 } });
    uploader.setErrorHandler((error, _request, reply) => {
      if (error instanceof AppError) return reply.status(error.status).send({ errors: error.errors });
      return reply.status(500).send({ message: String(error) });
    });
    uploader.post('/upload', async (request) => {
      const form = await readMultipartForm(request);
      const file = await checkUploadedFile(test.config, form, 'document', ['jpeg', 'png', 'pdf']);
      if (!file) throw new Error('file required');
      const row = await storeUpload(test.db, test.config, {
        userId: owner.id,
        kind: 'eligibility_document',
        file,
      });
      return { id: row.id, stored: row.storedName, type: row.contentType, note: form.fields.note };
    });
    await uploader.ready();
  });

  afterAll(async () => {
    await uploader.close();
    await test.close();
  });

  async function login(email: string, password: string) {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: email, password },
    });
    return { authorization: `Bearer ${response.json().token}` };
  }

  it('stores a real PDF under a generated name and serves it to its owner only, as an attachment', async () => {
    const response = await uploader.inject({
      method: 'POST',
      url: '/upload',
      ...multipartBody({ name: '../../etc/passwd.pdf', type: 'application/pdf', bytes: pdfBytes }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.type).toBe('application/pdf');
    expect(body.note).toBe('hello');
    expect(body.stored).toMatch(/^[0-9a-f-]{36}\.pdf$/);

    const mine = await test.app.inject({
      url: `/api/my-account/uploads/${body.id}`,
      headers: await login('owner@example.com', 'Owner-Pass-1'),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toMatch(/^attachment; filename="passwd.pdf"/);
    expect(mine.rawPayload.equals(pdfBytes)).toBe(true);

    const theirs = await test.app.inject({
      url: `/api/my-account/uploads/${body.id}`,
      headers: await login('other@example.com', 'Other-Pass-1'),
    });
    expect(theirs.statusCode).toBe(404);
    expect((await test.app.inject({ url: `/api/my-account/uploads/${body.id}` })).statusCode).toBe(401);
    expect(other.id).not.toBe(owner.id);
  });

  it('knows a PNG by its bytes whatever its name says', async () => {
    const response = await uploader.inject({
      method: 'POST',
      url: '/upload',
      ...multipartBody({ name: 'scan.pdf', type: 'application/pdf', bytes: pngBytes }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().type).toBe('image/png');
  });

  it('refuses an HTML page or a script renamed as a document', async () => {
    for (const bytes of [
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('#!/bin/sh\nrm -rf /\n'),
    ]) {
      const response = await uploader.inject({
        method: 'POST',
        url: '/upload',
        ...multipartBody({ name: 'proof.pdf', type: 'application/pdf', bytes }),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.document).toEqual(['The file must be one of: JPEG, PNG, PDF.']);
    }
  });

  it('refuses a PDF with JavaScript, launch actions or attached files, however its names are written or packed', async () => {
    const compressed = deflateSync(Buffer.from('1 0 <</Type/Catalog/Names<</EmbeddedFiles 5 0 R>>>>'));
    for (const bytes of [
      Buffer.from('%PDF-1.7\n1 0 obj<</OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF\n'),
      Buffer.from('%PDF-1.7\n1 0 obj<</OpenAction<</S/Java#53cript/JS(x)>>>>endobj\n%%EOF\n'),
      Buffer.from('%PDF-1.7\n1 0 obj<</A<</S/Launch/F(cmd.exe)>>>>endobj\n%%EOF\n'),
      Buffer.concat([
        Buffer.from(
          `%PDF-1.7\n2 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${compressed.length}>>stream\n`,
        ),
        compressed,
        Buffer.from('\nendstream\nendobj\n%%EOF\n'),
      ]),
    ]) {
      const response = await uploader.inject({
        method: 'POST',
        url: '/upload',
        ...multipartBody({ name: 'proof.pdf', type: 'application/pdf', bytes }),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.document).toEqual([uploadMessages.activeContent]);
    }
  });

  it('refuses a file over the size limit and a form without the file', async () => {
    const big = await uploader.inject({
      method: 'POST',
      url: '/upload',
      ...multipartBody({
        name: 'big.pdf',
        type: 'application/pdf',
        bytes: Buffer.concat([pdfBytes, Buffer.alloc(3_000, 32)]),
      }),
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.document).toEqual(['File size exceeds 20mb.']);

    const missing = await uploader.inject({
      method: 'POST',
      url: '/upload',
      ...multipartBody({ name: 'x.pdf', type: 'application/pdf', bytes: pdfBytes }, 'other_field'),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.document).toEqual(['The document is required.']);
  });
});
