import { z } from 'zod';

/**
 * A row id as it arrives in a path or query: a whole number within PostgreSQL's integer range, so
 * a huge or malformed id is a 422 with one message, never a database error.
 */
export const zId = z.coerce
  .number({ error: 'Must be a whole number.' })
  .int('Must be a whole number.')
  .positive('Must be a whole number.')
  .max(2_147_483_647, 'Must be a whole number.');

/** Ids that the spec sends as JSON integers but availability answers as strings: both are accepted. */
export const zIdLike = z
  .union([z.number(), z.string()], { error: 'Must be a whole number.' })
  .transform((value) => Number(value))
  .pipe(
    z
      .number()
      .int('Must be a whole number.')
      .positive('Must be a whole number.')
      .max(2_147_483_647, 'Must be a whole number.'),
  );

/** Clients send query values only when truthy; an empty or null one means "not given". */
export const zOptionalId = z
  .union([zIdLike, z.literal(''), z.null()])
  .optional()
  .transform((value) => (value === '' || value === null ? undefined : value));
