import { describe, expect, it } from 'vitest';
import { zPassword } from './password';
import { passwordMessages, passwordProblems } from './password-rules';

describe('the password rule (my-account.md 5)', () => {
  it('accepts a password with 8+ characters, lower, upper, number and special', () => {
    expect(passwordProblems('Member-Pass-1')).toEqual([]);
    expect(zPassword.safeParse('Aa1!aaaa').success).toBe(true);
  });

  it('names every rule a password breaks, in order', () => {
    expect(passwordProblems('')).toEqual([
      passwordMessages.min,
      passwordMessages.lowercase,
      passwordMessages.uppercase,
      passwordMessages.number,
      passwordMessages.special,
    ]);
    expect(passwordProblems('Aa1!aaa')).toEqual([passwordMessages.min]);
    expect(passwordProblems('AAAA1!AA')).toEqual([passwordMessages.lowercase]);
    expect(passwordProblems('aaaa1!aa')).toEqual([passwordMessages.uppercase]);
    expect(passwordProblems('Aaaaa!aa')).toEqual([passwordMessages.number]);
    expect(passwordProblems('Aaaaa1aa')).toEqual([passwordMessages.special]);
  });

  it('does not count a space as the special character', () => {
    expect(passwordProblems('Aaaa 1aaa')).toEqual([passwordMessages.special]);
  });

  it('counts non-ASCII letters as letters', () => {
    expect(passwordProblems('Ésdfgh1!')).toEqual([]);
  });

  it('refuses passwords over 128 characters', () => {
    const result = zPassword.safeParse(`Aa1!${'a'.repeat(125)}`);
    expect(result.success).toBe(false);
  });
});
