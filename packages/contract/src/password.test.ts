import { describe, expect, it } from 'vitest';
import { zPassword } from './password';
import { passwordHints, passwordMessages, passwordProblems } from './password-rules';

describe('the password policy (docs/decisions/044-accounts-password-policy.md)', () => {
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

  it("keeps the spec's composition texts as hints, each with whether the password follows it", () => {
    expect(passwordHints('')).toEqual([
      { message: passwordMessages.min, met: false },
      { message: passwordMessages.lowercase, met: false },
      { message: passwordMessages.uppercase, met: false },
      { message: passwordMessages.number, met: false },
      { message: passwordMessages.special, met: false },
    ]);
    expect(passwordHints('Member-Pass-1').every((hint) => hint.met)).toBe(true);
    // A space is not the special character; non-ASCII letters are letters.
    expect(passwordHints('Aaaa 1aaa').find((hint) => !hint.met)?.message).toBe(passwordMessages.special);
    expect(passwordHints('Ésdfgh1!').every((hint) => hint.met)).toBe(true);
  });
});
