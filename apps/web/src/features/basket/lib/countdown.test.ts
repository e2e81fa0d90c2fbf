import { describe, expect, it } from 'vitest';
import { formatTimeLeft, msUntil } from './countdown';

describe('hold countdown', () => {
  it('shows minutes and seconds, rounding up, never below zero', () => {
    expect(formatTimeLeft(15 * 60_000)).toBe('15:00');
    expect(formatTimeLeft(61_001)).toBe('1:02');
    expect(formatTimeLeft(999)).toBe('0:01');
    expect(formatTimeLeft(-5_000)).toBe('0:00');
  });

  it('measures the time to an ISO instant', () => {
    expect(msUntil('2026-01-01T00:01:00Z', Date.parse('2026-01-01T00:00:00Z'))).toBe(60_000);
    expect(msUntil('not a date')).toBe(0);
  });
});
