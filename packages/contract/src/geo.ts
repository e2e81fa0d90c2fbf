/** Distances on the map (joining-and-payments.md 4 and 9: miles, a radius around a searched point). */

/** A point in decimal degrees (WGS84). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** One mile in metres (joining-and-payments.md 9). */
export const metresPerMile = 1609.344;

/** The Earth's mean radius (IUGG), in metres. */
const earthRadiusMetres = 6_371_008.8;

/** Great-circle distance between two points by the haversine formula, in metres. */
export function haversineMetres(a: LatLng, b: LatLng): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  // min(1, ...): rounding can push h a hair above 1 for antipodal points.
  return 2 * earthRadiusMetres * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle distance between two points, in miles. */
export function distanceMiles(a: LatLng, b: LatLng): number {
  return haversineMetres(a, b) / metresPerMile;
}
