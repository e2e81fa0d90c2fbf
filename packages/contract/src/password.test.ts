import { describe, expect, it } from 'vitest';
import { zPassword } from './password';
import { passwordMessages, passwordProblems } from './password-rules';

describe('the password policy (docs/decisions/043-password-policy.md)', () => {
  it('refuses on length only: 8 to 128 characters', () => {
    expect(passwordProblems('')).toEqual([passwordMessages.min]);
    expect(passwordProblems('Aa1!aaa')).toEqual([passwordMessages.min]);
    expect(passwordProblems('aaaaaaaa')).toEqual([]);
    expect(passwordProblems('correct horse battery staple')).toEqual([]);
    expect(passwordProblems('a'.repeat(129))).toEqual([passwordMessages.max]);
    expect(zPassword.safeParse('aaaaaaaa').success).toBe(true);
    expect(zPassword.safeParse('short').error?.issues.map((issue) => issue.message)).toEqual([
      passwordMessages.min,
    ]);
    expect(zPassword.safeParse('a'.repeat(129)).error?.issues.map((issue) => issue.message)).toEqual([
      passwordMessages.max,
    ]);
  });
});
