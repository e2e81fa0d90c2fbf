import { describe, expect, it } from 'vitest';
import { afterThe } from './titles';

describe('afterThe', () => {
  it('drops a leading "The" so the sentence does not say it twice', () => {
    expect(afterThe('The Direct Debit Guarantee')).toBe('Direct Debit Guarantee');
    expect(afterThe('the health commitment')).toBe('health commitment');
  });
  it('leaves other titles alone', () => {
    expect(afterThe('Membership Terms and Conditions')).toBe('Membership Terms and Conditions');
    expect(afterThe('Theatre Rules')).toBe('Theatre Rules');
  });
});
