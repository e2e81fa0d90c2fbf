import { describe, expect, it } from 'vitest';
import { isUkPostcode, normalisePostcode, zUkPostcode } from './postcode';

describe('UK postcodes', () => {
  it.each([
    'SW1A 1AA',
    'sw1a1aa',
    'M1 1AE',
    'B33 8TH',
    'CR2 6XH',
    'DN55 1PT',
    'LS1 4AP',
    'EC1A 1BB',
    'W1A 0AX',
    'GIR 0AA',
    ' ls1  4ap ',
  ])('accepts %s', (value) => {
    expect(isUkPostcode(value)).toBe(true);
  });

  it.each(['', 'LS1', '1LS 4AP', 'LS1 4A', 'LS1 44P', 'LSS1 4AP', 'LS1 4APX', '12345', 'SW1A-1AA'])(
    'refuses %s',
    (value) => {
      expect(isUkPostcode(value)).toBe(false);
    },
  );

  it('normalises case and spacing', () => {
    expect(normalisePostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normalisePostcode(' m1   1ae ')).toBe('M1 1AE');
    expect(zUkPostcode.parse('ls14ap')).toBe('LS1 4AP');
    expect(zUkPostcode.safeParse('nope').error?.issues[0]?.message).toBe('Enter a valid postcode.');
  });
});
