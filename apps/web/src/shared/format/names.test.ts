import { describe, expect, it } from 'vitest';
import { compareNames } from './names';

const names = [
  'Riverside Leisure Centre Leeds',
  'riverdale pool',
  'Élan Fitness',
  'Ealing Baths',
  'Eton Manor',
  'Écoles Sports Hall',
  'Zumba',
  'zest studio',
  'Aqua-fit',
  'Aqua fit',
  'Aquafit',
  'Aqua',
  "O'Neill Centre",
  'Oakwood',
  'Court 10',
  'Court 2',
  "St. Mary's",
  'St Albans',
  'Søndre Park',
  'Sonning',
  'Straße Pool',
  'Strand',
  'Stratford',
  'Cæsar Court',
  'Caesar Park',
  'Cafe Court',
  'Åre Arena',
  'Abbey Fields',
  'Gym & Swim',
  'Gym and Swim',
  'Gym',
  'Health & Fitness',
  'Über Gym',
  'Ulster Hall',
];

describe('compareNames', () => {
  it('orders names as the en-GB collation does', () => {
    const collation = new Intl.Collator('en-GB');
    expect([...names].sort(compareNames)).toEqual([...names].sort(collation.compare));
  });

  it('orders names that differ only in case or accents the same way every time', () => {
    const twins = ['zest', 'Zest', 'Elan', 'Élan', 'ELAN'];
    const once = [...twins].sort(compareNames);
    expect([...twins].reverse().sort(compareNames)).toEqual(once);
    expect(compareNames('Zest', 'Zest')).toBe(0);
  });
});
