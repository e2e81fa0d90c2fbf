import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { count, eq, inArray, sql, sum } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { uploadContents, uploads, users } from '../../db/schema';
import { AppError } from '../../errors';
import { countFailures, recordAttempt } from '../../lib/rate-limit.repository';
import { logSecurityEvent, requestFields } from '../../lib/security-events';
import { createS3ObjectStore, type ObjectStore } from '../../providers/object-store/s3-object-store';
import { checkPdfOffThread, closeFileCheckPool, type FileCheckVerdict } from './file-check-pool';

export const uploadMessages = {
  activeContent:
    'This PDF contains scripts, links, actions or attached files. Please upload a plain PDF, JPG or PNG.',
  encrypted:
    'This PDF is password-protected, so it cannot be checked. Please upload an unprotected PDF, JPG or PNG.',
  unchecked:
    'This PDF could not be checked (it is too complex or damaged). Please save it again as a plain PDF, or upload a JPG or PNG.',
  busy: 'Too many files are being checked right now. Please try again in a minute.',
  tooMany: 'You have uploaded too many files in the last hour. Please try again later.',
  quotaFiles: 'You have too many files stored with us to add another. Please contact us to remove old ones.',
  quotaBytes:
    'Your stored files would take more than your allowance of space. Please upload a smaller file, or contact us to remove old ones.',
} as const;

/** The spec's upload limit (my-account.md 9): 20 MB, counted as 20,000,000 bytes. */
const maxUploadBytes = 20_000_000;

const uploadFormats = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  pdf: { mime: 'application/pdf', ext: 'pdf' },
} as const;

export type UploadFormat = keyof typeof uploadFormats;
export type UploadKind = (typeof uploads.$inferSelect)['kind'];
export type UploadRow = typeof uploads.$inferSelect;

export interface ReceivedFile {
  buffer: Buffer;
  originalName: string;
  format: UploadFormat;
}

export interface MultipartForm {
  /** Text fields by name (the last value wins). */
  fields: Record<string, string>;
  /** The one file part, if the request had one. */
  file: { fieldName: string; buffer: Buffer; originalName: string; truncated: boolean } | null;
}

/**
 * Lets the routes of one plugin take uploads (eligibility documents, freeze proof, profile photos):
 * one file per request, at most the spec's 20,000,000 bytes; a larger file is cut off and the route
 * answers 422. Registered by each plugin that takes them, not on the whole app: the parser's hooks
 * (a cleanup after every answer) then run only on those routes, not on every request (issue 16).
 */
export async function acceptUploads(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: maxUploadBytes, files: 1, fields: 20, fieldSize: 10_000 },
  });
  // The checking threads end with the app (each plugin that takes uploads asks; the first closes).
  app.addHook('onClose', async () => closeFileCheckPool(config.uploads.check));
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof UploadRefusal) {
      logSecurityEvent(request.log, 'upload.refused', { ...requestFields(request), reason: error.reason });
    }
  });
}

/**
 * An upload request of a member, counted before its body is read: past `UPLOAD_RATE_PER_HOUR` in
 * the last hour the request is answered 429 (each one may bring 20 MB to check and keep). Counted
 * in the database with the login limits' attempts (lib/rate-limit), so every replica agrees.
 */
export async function admitUpload(
  db: Database,
  config: Config,
  userId: number,
  ipAddress: string,
  now = new Date(),
): Promise<void> {
  const accountKey = `upload:${userId}`;
  const since = new Date(now.getTime() - 60 * 60_000);
  const made = await countFailures(db, 'upload', accountKey, ipAddress, since);
  if (made.account >= config.uploads.ratePerHour) {
    throw new AppError('too_many_requests', uploadMessages.tooMany);
  }
  await recordAttempt(db, { kind: 'upload', accountKey, ipAddress, succeeded: false, createdAt: now });
}

/**
 * Reads a multipart request: its text fields and its single file, held in memory (at most
 * `maxUploadBytes`, the limit `acceptUploads` gives the multipart parser). A request that is not multipart
 * is a 422, not a crash.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw AppError.validation({ body: ['Send the form as multipart/form-data.'] });
  }
  const form: MultipartForm = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Known before the bytes are read, so a file cut off at the limit still names its field.
        form.file = {
          fieldName: part.fieldname,
          buffer: Buffer.alloc(0),
          originalName: part.filename,
          truncated: false,
        };
        form.file.buffer = await (part as MultipartFile).toBuffer();
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The parser stops at the size limit and says so as an error; the field check reports it.
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE' || !form.file) throw error;
    form.file.truncated = true;
  }
  return form;
}

/**
 * Checks the file of a form field: present, within the size limit, and one of `allowed` by its
 * content (magic bytes), whatever its name or claimed type says: an HTML page renamed `.pdf` is
 * refused. Field errors come under `field`.
 */
export async function checkUploadedFile(
  config: Config,
  form: MultipartForm,
  field: string,
  allowed: readonly UploadFormat[],
  options: { required: boolean } = { required: true },
): Promise<ReceivedFile | null> {
  const file = form.file?.fieldName === field ? form.file : null;
  if (!file || file.buffer.length === 0) {
    if (file?.truncated) throw AppError.validation({ [field]: ['File size exceeds 20mb.'] });
    if (options.required)
      throw AppError.validation({ [field]: [`The ${field.replaceAll('_', ' ')} is required.`] });
    return null;
  }
  if (file.truncated || file.buffer.length > maxUploadBytes) {
    throw AppError.validation({ [field]: ['File size exceeds 20mb.'] });
  }
  const detected = await fileTypeFromBuffer(file.buffer);
  const format = (Object.keys(uploadFormats) as UploadFormat[]).find(
    (key) => uploadFormats[key].mime === detected?.mime,
  );
  if (!format || !allowed.includes(format)) {
    const names = allowed.map((key) => key.toUpperCase()).join(', ');
    throw AppError.validation({ [field]: [`The file must be one of: ${names}.`] });
  }
  if (format === 'pdf') refuseUnsafePdf(field, await checkPdfOffThread(file.buffer, config.uploads.check));
  return { buffer: file.buffer, originalName: safeOriginalName(file.originalName, format), format };
}

/** A file refused for what it holds: a 422 like any other, logged as a security event. */
class UploadRefusal extends AppError {
  constructor(
    readonly reason: string,
    errors: Record<string, string[]>,
  ) {
    super('validation', Object.values(errors)[0]?.[0], errors);
  }
}

/** A PDF that was not found safe is refused: 422 under its field, or 429 when the checks are full. */
function refuseUnsafePdf(field: string, verdict: FileCheckVerdict): void {
  if (verdict.ok) return;
  if (verdict.reason === 'busy') throw new AppError('too_many_requests', uploadMessages.busy);
  const message =
    verdict.reason === 'active-content'
      ? uploadMessages.activeContent
      : verdict.reason === 'encrypted'
        ? uploadMessages.encrypted
        : uploadMessages.unchecked;
  throw new UploadRefusal(`pdf-${verdict.reason}`, { [field]: [message] });
}

/** The member's file name, kept only for display and downloads: no paths, no control characters. */
function safeOriginalName(name: string, format: UploadFormat): string {
  const base = path
    .basename(name || 'upload')
    .replace(/[^\w.\- ()]/g, '_')
    .slice(0, 120);
  return base || `upload.${uploadFormats[format].ext}`;
}

function uploadsDir(config: Config): string {
  return path.resolve(config.dataDir, 'uploads');
}

/**
 * Writes the bytes under a generated name, then records them. Call inside the transaction of the
 * change the file belongs to, after deleting what the file replaces; if that transaction fails,
 * `discardStoredFile` removes the bytes. The member's quota (UPLOAD_QUOTA_FILES, UPLOAD_QUOTA_MB:
 * what they keep, this file included) is checked here, under a lock per member, so two uploads at
 * once cannot both pass it: 422 under `field`.
 */
export async function storeUpload(
  db: Database,
  config: Config,
  input: { userId: number; kind: UploadKind; file: ReceivedFile; field?: string },
): Promise<UploadRow> {
  const { mime, ext } = uploadFormats[input.file.format];
  const storedName = `${randomUUID()}.${ext}`;
  if (config.uploadStore === 'disk') {
    const dir = uploadsDir(config);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, storedName), input.file.buffer, { mode: 0o600 });
  } else if (config.uploadStore === 's3') {
    await objectStoreOf(config).put(storedName, input.file.buffer, mime);
  }
  try {
    await db.execute(sql`select pg_advisory_xact_lock(${uploadQuotaLock}, ${input.userId})`);
    const [kept] = await db
      .select({ files: count(), bytes: sum(uploads.size).mapWith(Number) })
      .from(uploads)
      .where(eq(uploads.userId, input.userId));
    const field = input.field ?? 'document';
    if ((kept?.files ?? 0) + 1 > config.uploads.quota.files) {
      throw new UploadRefusal('quota-files', { [field]: [uploadMessages.quotaFiles] });
    }
    if ((kept?.bytes ?? 0) + input.file.buffer.length > config.uploads.quota.bytes) {
      throw new UploadRefusal('quota-bytes', { [field]: [uploadMessages.quotaBytes] });
    }
    const [row] = await db
      .insert(uploads)
      .values({
        userId: input.userId,
        kind: input.kind,
        storedName,
        originalName: input.file.originalName,
        contentType: mime,
        size: input.file.buffer.length,
      })
      .returning();
    if (!row) throw new Error('upload row not written');
    // In the database, the bytes commit or roll back with the change the file belongs to.
    if (config.uploadStore === 'database') {
      await db.insert(uploadContents).values({ storedName, bytes: input.file.buffer });
    }
    return row;
  } catch (error) {
    await discardStoredFile(config, storedName);
    throw error;
  }
}

/** The advisory lock class of a member's uploads (the second key is the user id). */
const uploadQuotaLock = 4404;

/**
 * Deletes upload rows (a replaced document, freeze proof or photo) inside the caller's transaction;
 * in the database their bytes go with them. Answers the stored names: give them to
 * `discardStoredFiles` after the commit, for the bytes kept on disk or in S3.
 */
export async function deleteUploadRows(db: Database, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(uploads)
    .where(inArray(uploads.id, ids))
    .returning({ storedName: uploads.storedName });
  return rows.map((row) => row.storedName);
}

/** Removes the bytes of deleted uploads from disk or S3 (after their rows' transaction committed). */
export async function discardStoredFiles(config: Config, storedNames: string[]): Promise<void> {
  for (const name of storedNames) await discardStoredFile(config, name);
}

/** Removes a file's bytes kept outside the database (in the database they go with their row). */
export async function discardStoredFile(config: Config, storedName: string): Promise<void> {
  if (config.uploadStore === 'database') return;
  if (config.uploadStore === 's3') {
    await objectStoreOf(config).delete(storedName);
    return;
  }
  await rm(path.join(uploadsDir(config), storedName), { force: true });
}

/** One S3 client per configuration (its connections are reused). */
const objectStores = new WeakMap<Config, ObjectStore>();
function objectStoreOf(config: Config): ObjectStore {
  if (!config.s3) throw new Error('UPLOAD_STORE=s3 needs S3_BUCKET and its keys');
  let store = objectStores.get(config);
  if (!store) {
    store = createS3ObjectStore(config.s3);
    objectStores.set(config, store);
  }
  return store;
}

/** Deletes an upload's row and bytes (a replaced or deleted profile photo). */
export async function deleteUpload(db: Database, config: Config, upload: UploadRow): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, upload.id));
  await discardStoredFile(config, upload.storedName);
}

/** An upload with its member's operator, for the access rule (session/access.ts) to decide who may read it. */
export async function findUpload(
  db: Database,
  id: number,
): Promise<(UploadRow & { clientId: number }) | undefined> {
  const [row] = await db
    .select({ upload: uploads, clientId: users.clientId })
    .from(uploads)
    .innerJoin(users, eq(users.id, uploads.userId))
    .where(eq(uploads.id, id))
    .limit(1);
  return row && { ...row.upload, clientId: row.clientId };
}

/** The bytes, from the database (or, for a file stored on disk, from DATA_DIR). */
export async function readUploadBytes(db: Database, config: Config, upload: UploadRow): Promise<Buffer> {
  const [row] = await db
    .select({ bytes: uploadContents.bytes })
    .from(uploadContents)
    .where(eq(uploadContents.storedName, upload.storedName))
    .limit(1);
  if (row) return row.bytes;
  if (config.uploadStore === 's3') return objectStoreOf(config).get(upload.storedName);
  return readFile(path.join(uploadsDir(config), upload.storedName));
}

/**
 * Sends an upload as a download: its real type, never sniffed, never cached by shared caches,
 * and as an attachment, so a browser never renders it inside our origin.
 */
export async function sendUpload(reply: FastifyReply, db: Database, config: Config, upload: UploadRow) {
  const bytes = await readUploadBytes(db, config, upload);
  const asciiName = upload.originalName.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', '');
  return reply
    .header('content-type', upload.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(upload.originalName)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}
