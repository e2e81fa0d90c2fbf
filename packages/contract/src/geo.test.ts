import { describe, expect, it } from 'vitest';
import { distanceMiles, haversineMetres, metresPerMile } from './geo';

describe('geo (joining-and-payments.md 9: miles)', () => {
  const york = { lat: 53.958, lng: -1.0803 };
  const leeds = { lat: 53.7997, lng: -1.5492 };

  it('measures the great-circle distance', () => {
    expect(haversineMetres(york, york)).toBe(0);
    // One degree along a meridian is pi * R / 180: 111.195 km.
    expect(haversineMetres({ lat: 50, lng: -1 }, { lat: 51, lng: -1 }) / 1000).toBeCloseTo(111.195, 2);
    expect(distanceMiles(york, leeds)).toBeCloseTo(haversineMetres(york, leeds) / metresPerMile, 10);
  });

  it('is symmetric and safe for antipodal points', () => {
    expect(distanceMiles(york, leeds)).toBe(distanceMiles(leeds, york));
    expect(Number.isFinite(haversineMetres({ lat: 0, lng: 0 }, { lat: 0, lng: 180 }))).toBe(true);
  });
});
