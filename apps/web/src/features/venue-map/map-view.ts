import type { LatLng } from '@leisure/contract/geo';

/** The map's visible area, as plain numbers (the screen keeps no Leaflet objects). */
export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export function boundsContain(bounds: MapBounds, { lat, lng }: LatLng): boolean {
  return lat >= bounds.south && lat <= bounds.north && lng >= bounds.west && lng <= bounds.east;
}

/** What the live map shows: its zoom, its visible area (none before it starts) and its centre. */
export interface MapView {
  zoom: number;
  bounds: MapBounds | null;
  centre: LatLng;
}

/** A flight the screen asks of the map, numbered so the same place twice flies twice. */
export type FlyRequest =
  | { id: number; kind: 'point'; target: LatLng; zoom: number; durationMs: number }
  | { id: number; kind: 'radius'; target: LatLng; radiusMiles: number; durationMs: number }
  | { id: number; kind: 'home'; durationMs: number };
