import { describe, expect, it } from 'vitest';
import { parseMoneyInput, toMoneyInput } from './money-input';

describe('money inputs', () => {
  it('reads pounds and pence into minor units', () => {
    expect(parseMoneyInput('12.5')).toBe(1250);
    expect(parseMoneyInput('£1,012.05')).toBe(101205);
    expect(parseMoneyInput('0')).toBe(0);
    expect(parseMoneyInput('-3')).toBe(-300);
    expect(parseMoneyInput('1.234')).toBeNull();
    expect(parseMoneyInput('abc')).toBeNull();
    expect(toMoneyInput(1250)).toBe('12.50');
  });
});
