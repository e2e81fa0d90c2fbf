import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, passwordMessages, passwordProblems } from './password-rules';

export {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordMessages,
  passwordProblems,
} from './password-rules';

/** A new password as every request takes it: the policy's length (the server adds its list checks). */
export const zPassword = z
  .string({ error: 'Required' })
  .max(PASSWORD_MAX_LENGTH, passwordMessages.max)
  .superRefine((value, ctx) => {
    // The max above already said it; the min is the policy's other refusal.
    for (const message of passwordProblems(value).filter((m) => m !== passwordMessages.max))
      ctx.addIssue({ code: 'custom', message });
  });
