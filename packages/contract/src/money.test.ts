import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney } from './money';

describe('money formatting (shell-session-basket.md 3 and 9)', () => {
  it('shows minor units as two decimals with the pound sign, no space', () => {
    expect(formatMoney(1250)).toBe('£12.50');
    expect(formatMoney(5)).toBe('£0.05');
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(5, null)).toBe('£0.05');
    expect(formatMoney(-300, 'GBP')).toBe('-£3.00');
  });

  it('writes the number without a thousands separator (a two-decimal number)', () => {
    expect(formatMoney(123456789)).toBe('£1234567.89');
    expect(formatMoney(100000, 'eur')).toBe('€ 1000.00');
  });

  it('puts a space after a symbol other than £', () => {
    expect(formatMoney(1250, 'EUR')).toBe('€ 12.50');
    expect(formatMoney(1999, 'USD')).toBe('$ 19.99');
    expect(formatMoney(999, 'USD')).toBe('$ 9.99');
  });

  it('puts the sign before the symbol', () => {
    expect(formatMoney(-500)).toBe('-£5.00');
    expect(formatMoney(-1, 'EUR')).toBe('-€ 0.01');
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
  });

  it('maps currency codes to symbols, defaulting to £', () => {
    expect(currencySymbol('gbp')).toBe('£');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol(undefined)).toBe('£');
    expect(currencySymbol('CHF')).toBe('£');
    expect(formatMoney(100, 'XYZ')).toBe('£1.00');
  });
});
