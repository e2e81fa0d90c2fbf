import { describe, expect, it } from 'vitest';
import { camelizeKeys, snakeizeKeys, toCamelKey, toSnakeKey } from './keys';

describe('key conversion', () => {
  it('converts single keys both ways', () => {
    expect(toCamelKey('theme_app_secondary_colour_1')).toBe('themeAppSecondaryColour1');
    expect(toCamelKey('membership_user')).toBe('membershipUser');
    expect(toSnakeKey('emailOrReference')).toBe('email_or_reference');
    expect(toSnakeKey('passwordConfirmation')).toBe('password_confirmation');
    expect(toSnakeKey('already_snake')).toBe('already_snake');
  });

  it('converts nested objects and arrays but leaves values alone', () => {
    const wire = { membership_user: { id: 3 }, document_expiry: [{ days_to_expiry: 2, note: 'keep_me' }] };
    const app = camelizeKeys(wire);
    expect(app).toEqual({
      membershipUser: { id: 3 },
      documentExpiry: [{ daysToExpiry: 2, note: 'keep_me' }],
    });
    expect(snakeizeKeys(app)).toEqual(wire);
  });

  it('keeps null, numbers and strings as they are', () => {
    expect(camelizeKeys(null)).toBeNull();
    expect(camelizeKeys('a_b')).toBe('a_b');
    expect(snakeizeKeys([1, 'x_y'])).toEqual([1, 'x_y']);
  });
});
