import {
  type ProfilePhotoState,
  profilePhotoMessages,
  profilePhotoSize,
  type SignWaiverRequest,
  type Waiver,
  type WaiverGroup,
  type WaiverRestrictionType,
  waiverMessages,
  waiverTextAnswerMax,
} from '@leisure/contract/documents';
import sharp from 'sharp';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { WaiverQuestionDefinition } from '../../db/schema';
import { AppError, type FieldErrors } from '../../errors';
import { fullDate, localDateOf, localTimeOf } from '../../lib/dates';
import { dismissPhotoReminder, linkProfilePhoto } from '../auth/auth.service';
import { getCurrentClient } from '../operator/operator.service';
import { isStaffRole } from '../session/permissions';
import {
  checkUploadedFile,
  deleteUploadRows,
  discardStoredFile,
  type MultipartForm,
  readUploadBytes,
  storeUpload,
} from '../uploads/uploads.service';
import { createWaiverRow, insertSignatureAt, signWaiverRow } from '../waivers/waivers.service';
import {
  findPhotoUpload,
  findUserPhotoFields,
  findWaiverWithSignature,
  listWaiversWithSignatures,
  lockUserPhoto,
  type UploadRow,
  type UserPhotoFields,
  type WaiverRow,
  type WaiverWithSignature,
} from './documents.repository';

export interface DocumentsDeps {
  db: Database;
  config: Config;
}

/** The user making the call, as the routes know them. */
export interface Member {
  id: number;
  clientId: number;
  firstName: string;
  lastName: string;
}

// ---- Profile photo ----------------------------------------------------------------------------

/** Where the owner's browser reads the photo; the upload id makes a new photo a new URL. */
const profilePhotoPath = '/api/my-account/user/profile-photo';

/**
 * The auth user's `profile_photo`: allowed when the operator lets members set photos (staff have
 * none), set when a photo upload is linked, and whether the reminder was closed.
 */
export function profilePhotoOf(
  user: Pick<UserPhotoFields, 'role' | 'profilePhotoUploadId' | 'profilePhotoReminderDismissedAt'>,
  client: { profilePhotosEnabled: boolean },
): ProfilePhotoState {
  const allowed = client.profilePhotosEnabled && !isStaffRole(user.role);
  const isSet = allowed && user.profilePhotoUploadId !== null;
  return {
    authorisation: { allowed },
    url: isSet ? `${profilePhotoPath}?v=${user.profilePhotoUploadId}` : null,
    is_set: isSet,
    reminder: { dismissed: user.profilePhotoReminderDismissedAt !== null },
  };
}

async function describeProfilePhoto(deps: DocumentsDeps, userId: number): Promise<ProfilePhotoState> {
  const user = await findUserPhotoFields(deps.db, userId);
  if (!user) throw new AppError('unauthenticated');
  return profilePhotoOf(user, await getCurrentClient(deps.db, deps.config));
}

async function assertPhotosAllowed(deps: DocumentsDeps, userId: number): Promise<void> {
  const state = await describeProfilePhoto(deps, userId);
  if (!state.authorisation.allowed) throw new AppError('forbidden', profilePhotoMessages.notAllowed);
}

/**
 * Makes the stored photo from what the member sent: turned upright by its EXIF orientation,
 * centre-cropped to a square, 400x400, JPEG, with no metadata (sharp drops EXIF, GPS and ICC
 * unless asked to keep them). A file that only looks like an image is refused.
 */
async function reencodeProfilePhoto(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize(profilePhotoSize, profilePhotoSize, { fit: 'cover', position: 'centre' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw AppError.validation({ photo: [profilePhotoMessages.unreadable] });
  }
}

/**
 * `POST my-account/user/profile-photo`: stores the re-encoded photo and links it to the member in
 * one transaction with the member's row locked, so two uploads at once leave one photo; the
 * previous photo's row goes in the same transaction and its bytes after the commit.
 */
export async function saveProfilePhoto(
  deps: DocumentsDeps,
  userId: number,
  form: MultipartForm,
): Promise<ProfilePhotoState> {
  await assertPhotosAllowed(deps, userId);
  const received = await checkUploadedFile(deps.config, form, 'photo', ['jpeg', 'png']);
  if (!received) throw AppError.validation({ photo: [profilePhotoMessages.required] });
  const jpeg = await reencodeProfilePhoto(received.buffer);
  const baseName = received.originalName.replace(/\.[^.]*$/, '') || 'profile-photo';

  let stored: UploadRow | undefined;
  let replaced: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const current = await lockUserPhoto(tx, userId);
      // The old photo goes first, so the member's quota counts the new one instead of it.
      if (current.uploadId !== null) [replaced = null] = await deleteUploadRows(tx, [current.uploadId]);
      stored = await storeUpload(tx, deps.config, {
        userId,
        kind: 'profile_photo',
        file: { buffer: jpeg, originalName: `${baseName}.jpg`, format: 'jpeg' },
        field: 'photo',
      });
      await linkProfilePhoto(tx, userId, stored.id);
    });
  } catch (error) {
    if (stored) await discardStoredFile(deps.config, stored.storedName);
    throw error;
  }
  const old = replaced as string | null;
  if (old) await discardStoredFile(deps.config, old);
  return describeProfilePhoto(deps, userId);
}

/** `DELETE my-account/user/profile-photo`: unlinks and deletes the photo (no photo: nothing to do). */
export async function deleteProfilePhoto(deps: DocumentsDeps, userId: number): Promise<ProfilePhotoState> {
  await assertPhotosAllowed(deps, userId);
  const removed = await deps.db.transaction(async (tx) => {
    const current = await lockUserPhoto(tx, userId);
    if (current.uploadId === null) return null;
    await linkProfilePhoto(tx, userId, null);
    const [storedName] = await deleteUploadRows(tx, [current.uploadId]);
    return storedName ?? null;
  });
  if (removed) await discardStoredFile(deps.config, removed);
  return describeProfilePhoto(deps, userId);
}

/** `POST my-account/user/profile-photo/reminder/dismiss`. */
export async function dismissProfilePhotoReminder(
  deps: DocumentsDeps,
  userId: number,
  now = new Date(),
): Promise<ProfilePhotoState> {
  await dismissPhotoReminder(deps.db, userId, now);
  return describeProfilePhoto(deps, userId);
}

/** The bytes of the member's own photo, or 404. */
export async function readProfilePhoto(deps: DocumentsDeps, userId: number): Promise<Buffer> {
  const upload = await findPhotoUpload(deps.db, userId);
  if (!upload) throw AppError.notFound();
  return readUploadBytes(deps.db, deps.config, upload);
}

/** Links an already re-encoded JPEG as the member's photo (the seed). */
export async function setProfilePhotoBytes(deps: DocumentsDeps, userId: number, jpeg: Buffer): Promise<void> {
  const stored = await storeUpload(deps.db, deps.config, {
    userId,
    kind: 'profile_photo',
    file: { buffer: await reencodeProfilePhoto(jpeg), originalName: 'profile-photo.jpg', format: 'jpeg' },
  });
  await linkProfilePhoto(deps.db, userId, stored.id);
}

// ---- Waivers ----------------------------------------------------------------------------------

/** 'D MMM YYYY' of an instant in the operator's time zone (decision 064). */
export function signedDate(instant: Date, timeZone: string): string {
  return fullDate(localDateOf(instant, timeZone));
}

/** 'DD/MM/YYYY HH:mm' of an instant in the operator's time zone. */
export function datetimeString(instant: Date, timeZone: string): string {
  const [year, month, day] = localDateOf(instant, timeZone).split('-');
  return `${day}/${month}/${year} ${localTimeOf(instant, timeZone)}`;
}

function isExpired(signature: WaiverWithSignature['signature'], now: Date): boolean {
  return signature?.expiresAt != null && signature.expiresAt.getTime() <= now.getTime();
}

/**
 * A waiver group is its restriction (type and name). Its id is a hash of those (FNV-1a, 31 bits):
 * the same in the list and the single view, on every replica, with no table of groups.
 */
function restrictionOf(waiver: WaiverRow) {
  let hash = 0x811c9dc5;
  for (const char of `${waiver.restrictionType}|${waiver.restrictionName}`) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return {
    id: hash & 0x7fffffff,
    name: waiver.restrictionName,
    type: waiver.restrictionType as WaiverRestrictionType,
  };
}

function describeWaiver(
  { waiver, signature }: WaiverWithSignature,
  member: Member,
  now: Date,
  timeZone: string,
): Waiver {
  return {
    id: waiver.id,
    slug: waiver.slug,
    title: waiver.title,
    signed: signature
      ? {
          datetime_string: datetimeString(signature.signedAt, timeZone),
          date: { full_date: signedDate(signature.signedAt, timeZone) },
        }
      : null,
    expired: isExpired(signature, now),
    expires: signature?.expiresAt
      ? {
          date: { full_date: signedDate(signature.expiresAt, timeZone) },
          datetime_string: datetimeString(signature.expiresAt, timeZone),
        }
      : null,
    validity_days: waiver.validityDays,
    terms: waiver.html,
    questions: waiver.questions.map((question) => ({
      label: question.label,
      type: question.type,
      answers: question.type === 'radio' ? question.answers : [],
      reference: question.reference,
      required: question.required,
      given_answer: signature?.answers[question.reference] ?? null,
    })),
    attendee: {
      id: member.id,
      name: signature?.attendeeName ?? `${member.firstName} ${member.lastName}`,
    },
  };
}

/**
 * `GET my-account/user/waivers`: the operator's waivers grouped by restriction, each with this
 * member's signature. Waivers whose signature has run out are left out (the spec hides them; the
 * view by slug still shows them as expired).
 */
export async function listWaivers(
  deps: DocumentsDeps,
  member: Member,
  now = new Date(),
): Promise<WaiverGroup[]> {
  const rows = await listWaiversWithSignatures(deps.db, member.clientId, member.id);
  const { timezone } = await getCurrentClient(deps.db, deps.config);
  const groups = new Map<string, WaiverGroup>();
  for (const row of rows) {
    const key = `${row.waiver.restrictionType}|${row.waiver.restrictionName}`;
    const group = groups.get(key) ?? { restriction: restrictionOf(row.waiver), waivers: [] };
    groups.set(key, group);
    if (!isExpired(row.signature, now)) group.waivers.push(describeWaiver(row, member, now, timezone));
  }
  return [...groups.values()].filter((group) => group.waivers.length > 0);
}

async function findWaiver(deps: DocumentsDeps, member: Member, slug: string): Promise<WaiverWithSignature> {
  const row = await findWaiverWithSignature(deps.db, member.clientId, member.id, slug);
  if (!row) throw AppError.notFound(waiverMessages.notFound);
  return row;
}

/** `GET my-account/user/waivers/{slug}`: 404 'Could not find this waiver.' for no such waiver here. */
export async function getWaiver(deps: DocumentsDeps, member: Member, slug: string, now = new Date()) {
  const row = await findWaiver(deps, member, slug);
  const { timezone } = await getCurrentClient(deps.db, deps.config);
  return { ...describeWaiver(row, member, now, timezone), restriction: restrictionOf(row.waiver) };
}

/** The answers a signing request gives, checked against the waiver's questions (422 when wrong). */
function checkWaiverAnswers(
  questions: WaiverQuestionDefinition[],
  given: Record<string, string>,
): Record<string, string> {
  const errors: FieldErrors = {};
  const answers: Record<string, string> = {};
  for (const reference of Object.keys(given)) {
    if (!questions.some((question) => question.reference === reference)) {
      errors[`answers.${reference}`] = [waiverMessages.unknownQuestion];
    }
  }
  for (const question of questions) {
    const value = (given[question.reference] ?? '').trim();
    const field = `answers.${question.reference}`;
    if (!value) {
      if (question.required) errors[field] = [waiverMessages.answerRequired];
      continue;
    }
    if (question.type === 'radio' && !question.answers.some((answer) => answer.id === value)) {
      errors[field] = [waiverMessages.answerInvalid];
    } else if (question.type === 'text' && value.length > waiverTextAnswerMax) {
      errors[field] = [waiverMessages.answerTooLong];
    } else {
      answers[question.reference] = value;
    }
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return answers;
}

/**
 * `POST my-account/user/waivers/{slug}/sign`: signs a waiver that is unsigned or has run out,
 * with answers to its questions. Signing a live waiver again changes nothing.
 */
export async function signWaiver(
  deps: DocumentsDeps,
  member: Member,
  slug: string,
  body: SignWaiverRequest,
  now = new Date(),
) {
  const { waiver } = await findWaiver(deps, member, slug);
  const answers = checkWaiverAnswers(waiver.questions, body.answers);
  await signWaiverRow(deps.db, {
    waiverId: waiver.id,
    userId: member.id,
    signedAt: now,
    expiresAt: waiverExpiry(waiver, now),
    answers,
    attendeeName: `${member.firstName} ${member.lastName}`,
  });
  return getWaiver(deps, member, slug, now);
}

/** When a signature made at `signedAt` runs out; null when the waiver's signatures do not. */
function waiverExpiry(waiver: Pick<WaiverRow, 'validityDays'>, signedAt: Date): Date | null {
  return waiver.validityDays === null
    ? null
    : new Date(signedAt.getTime() + waiver.validityDays * 86_400_000);
}

// ---- For the seed and tests -------------------------------------------------------------------

export async function createWaiverWithQuestions(db: Database, values: Parameters<typeof createWaiverRow>[1]) {
  return createWaiverRow(db, values);
}

/** Records a signature as if made at `signedAt` (history in the seed, expiry in tests). */
export async function recordWaiverSignature(
  db: Database,
  input: {
    waiver: WaiverRow;
    userId: number;
    attendeeName: string;
    signedAt: Date;
    answers?: Record<string, string>;
  },
): Promise<void> {
  await insertSignatureAt(db, {
    waiverId: input.waiver.id,
    userId: input.userId,
    signedAt: input.signedAt,
    expiresAt: waiverExpiry(input.waiver, input.signedAt),
    answers: input.answers ?? {},
    attendeeName: input.attendeeName,
  });
}
