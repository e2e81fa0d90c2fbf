import type { LatLng } from '@leisure/contract/geo';

/**
 * Where Leaflet would draw the map's first view: its tiles and its clustered markers, worked out
 * without Leaflet, so the picture of the map (map-picture.tsx) matches the live map it becomes to
 * the pixel. The arithmetic is Leaflet 1.9's (EPSG:3857, 256-pixel tiles, TileLayer's tile range
 * and zoom transform) and Leaflet.markercluster 1.5's clustering (from the most detailed zoom out,
 * each marker joining the nearest cluster, else the nearest lone marker, within the radius).
 */

export interface PictureSize {
  width: number;
  height: number;
}

export interface PictureTile {
  key: string;
  url: string;
  left: number;
  top: number;
  /** The tile's side in pixels, scaled from 256 for a fractional zoom. */
  side: number;
}

export interface PictureMark<V> {
  /** A lone venue's marker, or a cluster of `venues` (its icon's count). */
  venues: V[];
  /** The marker's point (the pin's tip, or the cluster circle's centre) in the picture. */
  left: number;
  top: number;
}

export interface PictureLayoutRequest<V extends LatLng> {
  venues: V[];
  size: PictureSize;
  centre: LatLng;
  zoom: number;
  tileUrl: string;
  /** As Leaflet's `{r}`: '@2x' on a high-density screen. */
  retina: boolean;
  clusterRadius: number;
  /** The tile layer's zoom range (Leaflet's defaults 0-18), which the clusters are made over. */
  minZoom?: number;
  maxZoom?: number;
}

const tileSize = 256;
const maxLatitude = 85.0511287798;
const earthRadius = 6378137;
const subdomains = 'abc';

interface Point {
  x: number;
  y: number;
}

/** Web Mercator pixel coordinates at `zoom`, as Leaflet's map.project. */
export function project({ lat, lng }: LatLng, zoom: number): Point {
  const d = Math.PI / 180;
  const sin = Math.sin(Math.max(Math.min(maxLatitude, lat), -maxLatitude) * d);
  const x = earthRadius * lng * d;
  const y = (earthRadius * Math.log((1 + sin) / (1 - sin))) / 2;
  const scale = tileSize * 2 ** zoom;
  const factor = 0.5 / (Math.PI * earthRadius);
  return { x: scale * (factor * x + 0.5), y: scale * (-factor * y + 0.5) };
}

/** The inverse of project, as Leaflet's map.unproject. */
function unproject({ x, y }: Point, zoom: number): LatLng {
  const scale = tileSize * 2 ** zoom;
  const factor = 0.5 / (Math.PI * earthRadius);
  const mx = (x / scale - 0.5) / factor;
  const my = (y / scale - 0.5) / -factor;
  const d = 180 / Math.PI;
  return { lat: (2 * Math.atan(Math.exp(my / earthRadius)) - Math.PI / 2) * d, lng: (mx * d) / earthRadius };
}

const round = (point: Point): Point => ({ x: Math.round(point.x), y: Math.round(point.y) });

/** The view's top left in pixels at `zoom`, as Leaflet's map._getNewPixelOrigin. */
function pixelOriginOf(centre: LatLng, zoom: number, size: PictureSize): Point {
  const point = project(centre, zoom);
  return round({ x: point.x - size.width / 2, y: point.y - size.height / 2 });
}

/** A tile's address from the layer's template ({s}, {z}, {x}, {y}, {-y}, {r}), as Leaflet's TileLayer. */
export function tileUrlOf(
  template: string,
  tile: { x: number; y: number; z: number },
  retina: boolean,
): string {
  const values: Record<string, string> = {
    s: subdomains[Math.abs(tile.x + tile.y) % subdomains.length] ?? 'a',
    z: String(tile.z),
    x: String(tile.x),
    y: String(tile.y),
    '-y': String(2 ** tile.z - 1 - tile.y),
    r: retina ? '@2x' : '',
  };
  return template.replace(/\{ *([\w-]+) *\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The first view's tiles: the tile zoom's range that covers the picture, placed as Leaflet does. */
function tilesOf({ size, centre, zoom, tileUrl, retina }: PictureLayoutRequest<LatLng>): PictureTile[] {
  const tileZoom = Math.round(zoom);
  const scale = 2 ** (zoom - tileZoom);
  const pixelOrigin = pixelOriginOf(centre, zoom, size);
  // The tile level's origin and its transform (Leaflet's GridLayer._setZoomTransform).
  const levelOrigin = round(project(unproject(pixelOrigin, zoom), tileZoom));
  const translate = round({
    x: levelOrigin.x * scale - pixelOrigin.x,
    y: levelOrigin.y * scale - pixelOrigin.y,
  });
  // The tile range (GridLayer._getTiledPixelBounds and _pxBoundsToTileRange).
  const pixelCentre = project(centre, tileZoom);
  const centreFloor = { x: Math.floor(pixelCentre.x), y: Math.floor(pixelCentre.y) };
  const half = { x: size.width / (scale * 2), y: size.height / (scale * 2) };
  const min = {
    x: Math.floor((centreFloor.x - half.x) / tileSize),
    y: Math.floor((centreFloor.y - half.y) / tileSize),
  };
  const max = {
    x: Math.ceil((centreFloor.x + half.x) / tileSize) - 1,
    y: Math.ceil((centreFloor.y + half.y) / tileSize) - 1,
  };
  const tilesAcross = 2 ** tileZoom;
  const tiles: PictureTile[] = [];
  for (let y = min.y; y <= max.y; y++) {
    if (y < 0 || y >= tilesAcross) continue;
    for (let x = min.x; x <= max.x; x++) {
      const wrappedX = ((x % tilesAcross) + tilesAcross) % tilesAcross;
      tiles.push({
        key: `${x}:${y}:${tileZoom}`,
        url: tileUrlOf(tileUrl, { x: wrappedX, y, z: tileZoom }, retina),
        left: translate.x + (x * tileSize - levelOrigin.x) * scale,
        top: translate.y + (y * tileSize - levelOrigin.y) * scale,
        side: tileSize * scale,
      });
    }
  }
  return tiles;
}

interface Cluster {
  zoom: number;
  parent: Cluster | null;
}

interface Placed<T> {
  item: T;
  point: Point;
}

/** The nearest item within `radius` of `point` (the first found on a tie, as DistanceGrid). */
function nearest<T>(placed: Placed<T>[], point: Point, radius: number): Placed<T> | undefined {
  let best: Placed<T> | undefined;
  let bestDistance = radius * radius;
  for (const candidate of placed) {
    const distance = (candidate.point.x - point.x) ** 2 + (candidate.point.y - point.y) ** 2;
    if (distance < bestDistance || (distance <= bestDistance && !best)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The venues as the clusters (and lone markers) shown at `zoom`, made as
 * MarkerClusterGroup._addLayer makes them: each venue, from the most detailed zoom out, joins the
 * nearest cluster within the radius, else pairs with the nearest lone marker into a new cluster
 * (the new cluster's chain of parents hung where that marker was), else stays alone at that zoom.
 */
export function clustersAt<V extends LatLng>(
  venues: V[],
  zoom: number,
  { radius, minZoom, maxZoom }: { radius: number; minZoom: number; maxZoom: number },
): V[][] {
  const clusters = new Map<number, Placed<Cluster>[]>();
  const lone = new Map<number, Placed<V>[]>();
  for (let z = minZoom; z <= maxZoom; z++) {
    clusters.set(z, []);
    lone.set(z, []);
  }
  const top: Cluster = { zoom: minZoom - 1, parent: null };
  const parentOf = new Map<V, Cluster>();

  for (const venue of venues) {
    let placed = false;
    for (let z = maxZoom; z >= minZoom && !placed; z--) {
      const point = project(venue, z);
      const cluster = nearest(clusters.get(z) ?? [], point, radius);
      if (cluster) {
        parentOf.set(venue, cluster.item);
        placed = true;
        break;
      }
      const other = nearest(lone.get(z) ?? [], point, radius);
      if (other) {
        const formerParent = parentOf.get(other.item) ?? top;
        const formed: Cluster = { zoom: z, parent: null };
        clusters.get(z)?.push({ item: formed, point: project(other.item, z) });
        parentOf.set(other.item, formed);
        parentOf.set(venue, formed);
        let last = formed;
        for (let parentZoom = z - 1; parentZoom > formerParent.zoom; parentZoom--) {
          const between: Cluster = { zoom: parentZoom, parent: null };
          last.parent = between;
          clusters.get(parentZoom)?.push({ item: between, point: project(other.item, parentZoom) });
          last = between;
        }
        last.parent = formerParent;
        // The other marker is no longer alone from this zoom out.
        for (let lower = z; lower >= minZoom; lower--) {
          const list = lone.get(lower) ?? [];
          const at = list.findIndex((entry) => entry.item === other.item);
          if (at < 0) break;
          list.splice(at, 1);
        }
        placed = true;
        break;
      }
      lone.get(z)?.push({ item: venue, point });
    }
    if (!placed) parentOf.set(venue, top);
  }

  // At `zoom`, a venue shows in its cluster of that zoom, or alone when it joined none so far out.
  const groups = new Map<Cluster | V, V[]>();
  for (const venue of venues) {
    let cluster: Cluster | null = parentOf.get(venue) ?? top;
    while (cluster && cluster.zoom > zoom) cluster = cluster.parent;
    const key = cluster && cluster.zoom === zoom ? cluster : venue;
    const group = groups.get(key);
    if (group) group.push(venue);
    else groups.set(key, [venue]);
  }
  return [...groups.values()];
}

/** The map's first view as Leaflet would draw it: its tiles and its markers and clusters. */
export function pictureLayout<V extends LatLng>(
  request: PictureLayoutRequest<V>,
): { tiles: PictureTile[]; marks: PictureMark<V>[] } {
  const { venues, size, centre, zoom, clusterRadius, minZoom = 0, maxZoom = 18 } = request;
  const pixelOrigin = pixelOriginOf(centre, zoom, size);
  const groups = clustersAt(venues, Math.round(zoom), { radius: clusterRadius, minZoom, maxZoom });
  const marks = groups.map((group) => {
    // A cluster stands at its venues' mean position (MarkerCluster._recalculateBounds).
    const at = {
      lat: group.reduce((sum, venue) => sum + venue.lat, 0) / group.length,
      lng: group.reduce((sum, venue) => sum + venue.lng, 0) / group.length,
    };
    const point = round(project(at, zoom));
    return { venues: group, left: point.x - pixelOrigin.x, top: point.y - pixelOrigin.y };
  });
  return { tiles: tilesOf(request), marks };
}
