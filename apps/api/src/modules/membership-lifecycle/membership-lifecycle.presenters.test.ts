import { describe, expect, it } from 'vitest';
import { fullDate } from './membership-lifecycle.presenters';

describe('membership dates', () => {
  it('formats D MMM YYYY', () => {
    expect(fullDate('2027-01-03')).toBe('3 Jan 2027');
    expect(fullDate('2026-12-31')).toBe('31 Dec 2026');
  });
});
