import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney (shell-session-basket.md 3)', () => {
  it('shows minor units with two decimals and £ by default', () => {
    expect(formatMoney(1250)).toBe('£12.50');
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(5, null)).toBe('£0.05');
    expect(formatMoney(-300, 'GBP')).toBe('-£3.00');
  });

  it('puts a space after a symbol other than £', () => {
    expect(formatMoney(999, 'USD')).toBe('$ 9.99');
    expect(formatMoney(100000, 'eur')).toBe('€ 1000.00');
    expect(formatMoney(100, 'XYZ')).toBe('£1.00');
  });
});
