import { expect, it } from 'vitest';
import { nextSection, type SectionNeeds, visibleSections } from './sections';

const all: SectionNeeds = { mode: 'join', hasQuestions: true, needsDirectDebit: true };

it('numbers the eight sections in order when all are needed', () => {
  expect(visibleSections(all).map(({ key, number }) => `${number}.${key}`)).toEqual([
    '1.centre',
    '2.membership',
    '3.details',
    '4.questions',
    '5.review',
    '6.payment',
    '7.confirm',
    '8.checkout',
  ]);
});

it('removes hidden sections and renumbers the rest', () => {
  const single: SectionNeeds = { mode: 'join', hasQuestions: false, needsDirectDebit: false };
  expect(visibleSections(single).map(({ key, number }) => `${number}.${key}`)).toEqual([
    '1.centre',
    '2.membership',
    '3.details',
    '4.review',
    '5.checkout',
  ]);
  expect(nextSection('details', single)).toBe('review');
  expect(nextSection('review', single)).toBe('checkout');
});

it('has no centre step for a change, and skips only the questions when there are none', () => {
  const change: SectionNeeds = { mode: 'change', hasQuestions: false, needsDirectDebit: true };
  expect(visibleSections(change).map(({ key, number }) => `${number}.${key}`)).toEqual([
    '1.membership',
    '2.details',
    '3.review',
    '4.payment',
    '5.confirm',
    '6.checkout',
  ]);
  expect(nextSection('review', change)).toBe('payment');
});
