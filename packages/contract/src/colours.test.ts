import { describe, expect, it } from 'vitest';
import {
  black,
  contrastRatio,
  ensureContrast,
  isValidColour,
  normaliseColour,
  parseColour,
  readableTextOn,
  shade,
  tint,
  tintScale,
  toHex,
  white,
} from './colours';

describe('colour validation (shell-session-basket.md 5)', () => {
  it('accepts 3- and 6-digit hex, with or without #, in any case', () => {
    expect(parseColour('#8C59F8')).toEqual({ r: 140, g: 89, b: 248 });
    expect(parseColour('8c59f8')).toEqual({ r: 140, g: 89, b: 248 });
    expect(parseColour('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColour('0a3')).toEqual({ r: 0, g: 170, b: 51 });
  });

  it("accepts an 'R G B' triple with each value 0 to 255", () => {
    expect(parseColour('0 0 0')).toEqual(black);
    expect(parseColour('255 255 255')).toEqual(white);
    expect(parseColour('11 92 173')).toEqual({ r: 11, g: 92, b: 173 });
  });

  it('rejects everything else', () => {
    for (const value of [
      '',
      '#ff',
      '#ffff',
      '#fffffff',
      '#ggg',
      'red',
      '256 0 0',
      '1 2',
      '1,2,3',
      '-1 0 0',
    ]) {
      expect(isValidColour(value), value).toBe(false);
    }
    expect(isValidColour(null)).toBe(false);
    expect(isValidColour(undefined)).toBe(false);
  });

  it('falls back to the default when a colour is invalid', () => {
    expect(normaliseColour('#0B5CAD', '#8C59F8')).toBe('#0b5cad');
    expect(normaliseColour('not a colour', '#8C59F8')).toBe('#8c59f8');
    expect(normaliseColour(undefined, '#262731')).toBe('#262731');
  });
});

describe('tints and shades', () => {
  const primary = { r: 140, g: 89, b: 248 };

  it('mixes with white by the tint factor', () => {
    expect(tint(primary, 1)).toEqual(primary);
    expect(toHex(tint(primary, 0))).toBe('#ffffff');
    expect(toHex(tint({ r: 0, g: 0, b: 0 }, 0.5))).toBe('#808080');
  });

  it('darkens towards black by the factor', () => {
    expect(toHex(shade(primary, 0.8))).toBe('#7047c6');
    expect(toHex(shade(primary, 0))).toBe('#000000');
  });

  it('rejects a tint factor outside 0 to 1', () => {
    expect(() => tint(primary, 1.1)).toThrow(RangeError);
    expect(() => tint(primary, -0.1)).toThrow(RangeError);
    expect(() => shade(primary, Number.NaN)).toThrow(RangeError);
  });

  it('builds shades 50 to 500 from 5, 10, 20, 40, 80 and 100 percent tints, and 600 at 80 percent dark', () => {
    const scale = tintScale({ r: 0, g: 0, b: 0 });
    expect(scale).toEqual({
      50: toHex(tint(black, 0.05)),
      100: toHex(tint(black, 0.1)),
      200: toHex(tint(black, 0.2)),
      300: toHex(tint(black, 0.4)),
      400: toHex(tint(black, 0.8)),
      500: '#000000',
      600: '#000000',
    });
    expect(scale[300]).toBe('#999999');
    const brand = tintScale({ r: 11, g: 92, b: 173 });
    expect(brand[500]).toBe('#0b5cad');
    expect(brand[600]).toBe('#094a8a');
    expect(brand[50]).toBe('#f3f7fb');
  });
});

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio(black, white)).toBeCloseTo(21, 5);
    expect(contrastRatio(white, white)).toBe(1);
    expect(contrastRatio({ r: 118, g: 118, b: 118 }, white)).toBeCloseTo(4.54, 2);
  });

  it('chooses black or white text, whichever reads better', () => {
    expect(readableTextOn({ r: 11, g: 92, b: 173 })).toEqual(white);
    expect(readableTextOn({ r: 255, g: 221, b: 0 })).toEqual(black);
    expect(readableTextOn({ r: 140, g: 89, b: 248 })).toEqual(black);
    expect(readableTextOn({ r: 38, g: 39, b: 49 })).toEqual(white);
  });

  it('keeps a readable colour and adjusts one that is not, to at least 4.5:1', () => {
    const blue = { r: 11, g: 92, b: 173 };
    expect(ensureContrast(blue, white)).toEqual(blue);
    for (const value of ['#8c59f8', '#ffdd00', '#a0e0ff', '#ffffff']) {
      const adjusted = ensureContrast(parseColour(value) ?? black, white);
      expect(contrastRatio(adjusted, white), value).toBeGreaterThanOrEqual(4.5);
    }
    const onDark = ensureContrast(parseColour('#3e2dac') ?? black, parseColour('#262731') ?? black);
    expect(contrastRatio(onDark, parseColour('#262731') ?? black)).toBeGreaterThanOrEqual(4.5);
  });
});
