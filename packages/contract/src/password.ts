import { z } from 'zod';
import { passwordProblems } from './password-rules';

export { PASSWORD_MIN_LENGTH, passwordMessages, passwordProblems } from './password-rules';

export const zPassword = z
  .string({ error: 'Required' })
  .max(128, 'Must contain at most 128 characters')
  .superRefine((value, ctx) => {
    for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message });
  });
