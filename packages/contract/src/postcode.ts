import { isValid, toNormalised, toOutcode, validOutcode } from 'postcode';

/**
 * UK postcodes (billing address, joining details, the joining map's search), parsed by the
 * maintained `postcode` package: the outward code (area letters, district digit(s), optional
 * letter) and the inward code (a digit and two letters), with or without the space, in any case.
 * Shape only: whether the postcode exists is not checked. GIR 0AA (Girobank), which the package
 * leaves out as non-geographic, is accepted as a billing postcode too.
 */

export const postcodeMessage = 'Enter a valid postcode.';

const girobank = 'GIR0AA';

/** Without spaces, upper case: 'ls1  4ap ' -> 'LS14AP'. */
function compact(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** 'sw1a1aa' -> 'SW1A 1AA': upper case, one space before the inward code. */
export function normalisePostcode(value: string): string {
  const compacted = compact(value);
  if (compacted === girobank) return 'GIR 0AA';
  return toNormalised(compacted) ?? compacted;
}

export function isUkPostcode(value: string): boolean {
  const compacted = compact(value);
  return compacted === girobank || isValid(compacted);
}

/**
 * What a search term says as a postcode: a full one ('ls11 5qt' -> 'LS11 5QT', outward 'LS11'), an
 * outward code alone ('ls11' -> 'LS11'), or nothing (a town or centre name).
 */
export type PostcodeSearch =
  | { kind: 'full'; postcode: string; outcode: string }
  | { kind: 'outward'; outcode: string }
  | null;

export function postcodeSearchOf(term: string): PostcodeSearch {
  const compacted = compact(term);
  if (isValid(compacted)) {
    const postcode = toNormalised(compacted);
    const outcode = toOutcode(compacted);
    if (postcode && outcode) return { kind: 'full', postcode, outcode };
  }
  if (validOutcode(compacted)) return { kind: 'outward', outcode: compacted };
  return null;
}

/** The outward code of a full postcode ('LS11 5QT' -> 'LS11'); null when it is not one. */
export function outwardCodeOf(value: string): string | null {
  return toOutcode(compact(value));
}
