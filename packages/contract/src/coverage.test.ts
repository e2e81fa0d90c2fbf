import { expect, it } from 'vitest';
import { coverageLabel } from './coverage';

it('reads National or Local, and any other word with a capital', () => {
  expect(coverageLabel('national')).toBe('National');
  expect(coverageLabel('local')).toBe('Local');
  expect(coverageLabel('regional')).toBe('Regional');
});
