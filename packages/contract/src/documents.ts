import { z } from 'zod';

/**
 * The profile photo and waivers of the my-account area (my-account.md 2.8, 2.10, 3, 4, 7, 8).
 * Keys are snake_case on the wire; instants are shown in the operator's time zone.
 */

// ---- Profile photo ----------------------------------------------------------------------------

/** The side of the square JPEG the server keeps (pixels). */
export const profilePhotoSize = 400;
/** The JPEG quality the web app exports the crop at (my-account.md 5, 9). */
export const profilePhotoExportQuality = 0.7;
/** The camera preview: 330 px wide on mobile, 400 otherwise, 240 high (my-account.md 9). */
export const profilePhotoCamera = { mobileWidth: 330, width: 400, height: 240 } as const;

export const profilePhotoMessages = {
  required: 'Please choose a photo.',
  notAllowed: 'Profile photos are not available for your account.',
  unreadable: 'The photo could not be read. Please choose a JPEG or PNG image.',
  saved: 'Your profile photo has been saved',
  deleted: 'Your profile photo has been deleted',
} as const;

/** The auth user's `profile_photo` (also the answer of the photo calls). */
export const zProfilePhotoState = z.object({
  authorisation: z.object({ allowed: z.boolean() }),
  /** Where the owner's browser reads the photo (owner only, never cached by shared caches). */
  url: z.string().nullable(),
  is_set: z.boolean(),
  reminder: z.object({ dismissed: z.boolean() }),
});
export type ProfilePhotoState = z.infer<typeof zProfilePhotoState>;

export const zProfilePhotoResponse = z.object({ data: zProfilePhotoState });
export type ProfilePhotoResponse = z.infer<typeof zProfilePhotoResponse>;

// ---- Waivers ----------------------------------------------------------------------------------

/** Restriction types of a waiver group; 'enhanced-pre-waiver' is the spec's named one. */
export const waiverRestrictionTypes = ['pre-waiver', 'enhanced-pre-waiver'] as const;
export const zWaiverRestrictionType = z.enum(waiverRestrictionTypes);
export type WaiverRestrictionType = z.infer<typeof zWaiverRestrictionType>;

/** A question kind: pick one of `answers`, or type a short text. */
export const waiverQuestionTypes = ['radio', 'text'] as const;
export const zWaiverQuestionType = z.enum(waiverQuestionTypes);

/** Longest free-text answer. */
export const waiverTextAnswerMax = 500;

export const waiverMessages = {
  notFound: 'Could not find this waiver.',
  expired: 'This waiver has expired',
  empty: 'Your waivers will appear here',
  signed: 'Thank you, the waiver has been signed',
  answerRequired: 'Please answer this question.',
  answerInvalid: 'Please choose one of the answers.',
  answerTooLong: `Please keep your answer under ${waiverTextAnswerMax} characters.`,
  unknownQuestion: 'This question is not part of the waiver.',
} as const;

export const zWaiverQuestion = z.object({
  label: z.string(),
  type: zWaiverQuestionType,
  /** For 'radio': the answers to choose from. Empty for 'text'. */
  answers: z.array(z.object({ id: z.string(), answer: z.string() })),
  /** Names the question in a signing request's `answers`. */
  reference: z.string(),
  required: z.boolean(),
  /** What the member answered when they signed (an answer id for 'radio'); null before. */
  given_answer: z.string().nullable(),
});
export type WaiverQuestion = z.infer<typeof zWaiverQuestion>;

const zInstant = z.object({
  /** 'D MMM YYYY' */
  date: z.object({ full_date: z.string() }),
  /** 'DD/MM/YYYY HH:mm' */
  datetime_string: z.string(),
});

export const zWaiver = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** When the live or last signature was made; null when never signed. */
  signed: z.object({ datetime_string: z.string(), date: z.object({ full_date: z.string() }) }).nullable(),
  /** Signed once, but the signature has run out: sign again. */
  expired: z.boolean(),
  /** When the signature runs out; null when unsigned or when signatures of this waiver do not expire. */
  expires: zInstant.nullable(),
  /** Days a signature lasts; null: it does not expire. */
  validity_days: z.number().int().nullable(),
  /** The terms as HTML from the operator (the web app sanitises it before rendering). */
  terms: z.string(),
  questions: z.array(zWaiverQuestion),
  /** Whom the waiver covers: the signer, or the account holder before signing. */
  attendee: z.object({ id: z.number().int(), name: z.string() }),
});
export type Waiver = z.infer<typeof zWaiver>;

export const zWaiverRestriction = z.object({
  id: z.number().int(),
  name: z.string(),
  type: zWaiverRestrictionType,
});

export const zWaiverGroup = z.object({ restriction: zWaiverRestriction, waivers: z.array(zWaiver) });
export type WaiverGroup = z.infer<typeof zWaiverGroup>;

export const zWaiversResponse = z.object({ data: z.array(zWaiverGroup) });
export type WaiversResponse = z.infer<typeof zWaiversResponse>;

export const zWaiverResponse = z.object({
  data: zWaiver.extend({ restriction: zWaiverRestriction }),
});
export type WaiverResponse = z.infer<typeof zWaiverResponse>;

export const zWaiverParams = z.object({ slug: z.string().min(1).max(120) });

/** Answers keyed by question `reference`: an answer id for 'radio', the text for 'text'. */
export const zSignWaiverRequest = z.object({
  answers: z.record(z.string().max(120), z.string().max(2_000)).default({}),
});
export type SignWaiverRequest = z.infer<typeof zSignWaiverRequest>;
