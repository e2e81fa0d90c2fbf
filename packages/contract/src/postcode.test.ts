import { describe, expect, it } from 'vitest';
import { isUkPostcode, normalisePostcode, outwardCodeOf, postcodeSearchOf } from './postcode';

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
    expect(normalisePostcode('ls14ap')).toBe('LS1 4AP');
  });
});

describe('a search term as a postcode', () => {
  it('reads a full postcode in any case and spacing, with its outward code', () => {
    expect(postcodeSearchOf('ls115qt')).toEqual({ kind: 'full', postcode: 'LS11 5QT', outcode: 'LS11' });
    expect(postcodeSearchOf(' LS11  5QT ')).toEqual({ kind: 'full', postcode: 'LS11 5QT', outcode: 'LS11' });
  });
  it('reads an outward code alone', () => {
    expect(postcodeSearchOf('ls11')).toEqual({ kind: 'outward', outcode: 'LS11' });
    expect(postcodeSearchOf('SW1A')).toEqual({ kind: 'outward', outcode: 'SW1A' });
  });
  it('leaves town and centre names alone', () => {
    for (const term of ['Leeds', 'York', 'Bath', 'Riverside', 'LS', ''])
      expect(postcodeSearchOf(term)).toBeNull();
  });
  it('answers the outward code of a full postcode', () => {
    expect(outwardCodeOf('ls11 5qt')).toBe('LS11');
    expect(outwardCodeOf('Leeds')).toBeNull();
  });
});
