import { describe, expect, it } from 'vitest';
import { nextPeriodStart } from './my-memberships.presenters';

describe('benefit periods', () => {
  it('finds when a benefit renews', () => {
    expect(nextPeriodStart('2026-01-10', 'months', '2026-11-24')).toBe('2026-12-10');
    expect(nextPeriodStart('2026-01-10', 'weeks', '2026-01-20')).toBe('2026-01-24');
    expect(nextPeriodStart('2026-01-10', null, '2026-11-24')).toBeNull();
  });
});
