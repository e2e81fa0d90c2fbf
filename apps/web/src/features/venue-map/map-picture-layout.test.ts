import { afterEach, expect, it } from 'vitest';
import { L } from './leaflet-global';
import 'leaflet.markercluster';
import { clustersAt, pictureLayout, project, tileUrlOf } from './map-picture-layout';

/**
 * The picture of the map must be what Leaflet draws: its arithmetic is checked here against
 * Leaflet and Leaflet.markercluster themselves (the journeys compare the two on screen).
 */

interface Place {
  id: number;
  lat: number;
  lng: number;
}

/** A repeatable spread of places: around the UK, some of them close enough to cluster. */
function placesFrom(seed: number, count: number): Place[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const places: Place[] = [];
  for (let id = 1; id <= count; id++) {
    const near = places[Math.floor(next() * places.length)];
    places.push(
      near && next() < 0.4
        ? { id, lat: near.lat + (next() - 0.5) * 0.6, lng: near.lng + (next() - 0.5) * 0.9 }
        : { id, lat: 50 + next() * 8.5, lng: -6 + next() * 7.5 },
    );
  }
  return places;
}

const maps: L.Map[] = [];
afterEach(() => {
  for (const map of maps.splice(0)) map.remove();
});

/** A Leaflet map in the document, its size given (jsdom lays nothing out). */
function leafletMap(width: number, height: number, zoom: number): L.Map {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: width });
  Object.defineProperty(element, 'clientHeight', { value: height });
  document.body.append(element);
  const map = L.map(element, { center: [54.4, -3.4], zoom, zoomSnap: 0, zoomAnimation: false });
  maps.push(map);
  return map;
}

it('projects as Leaflet does', () => {
  for (const place of placesFrom(7, 40)) {
    for (const zoom of [0, 4.92, 5, 14]) {
      const ours = project(place, zoom);
      const leaflet = L.CRS.EPSG3857.latLngToPoint(L.latLng(place.lat, place.lng), zoom);
      expect(ours.x).toBeCloseTo(leaflet.x, 6);
      expect(ours.y).toBeCloseTo(leaflet.y, 6);
    }
  }
});

it('fills a tile template as TileLayer does', () => {
  const template = 'https://{s}.tiles.example/{z}/{x}/{y}{r}.png?tms={-y}';
  expect(tileUrlOf(template, { x: 15, y: 10, z: 5 }, false)).toBe(
    'https://b.tiles.example/5/15/10.png?tms=21',
  );
  expect(tileUrlOf(template, { x: 16, y: 10, z: 5 }, true)).toBe(
    'https://c.tiles.example/5/16/10@2x.png?tms=21',
  );
  expect(tileUrlOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { x: 1, y: 2, z: 3 }, false)).toBe(
    'https://tile.openstreetmap.org/3/1/2.png',
  );
});

it('clusters the venues as Leaflet.markercluster shows them at the first view', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const places = placesFrom(seed, 30);
    // A view large enough that every place is in it, at the map's first zoom.
    const map = leafletMap(4_000, 4_000, 4.92);
    L.tileLayer('https://tile.example/{z}/{x}/{y}.png').addTo(map);
    const group = L.markerClusterGroup({ maxClusterRadius: 22, disableClusteringAtZoom: 21 });
    const markers = places.map((place) => L.marker([place.lat, place.lng]));
    group.addLayers(markers);
    map.addLayer(group);

    const shown = new Map<L.Layer, number[]>();
    places.forEach((place, index) => {
      const marker = markers[index] as L.Marker;
      const parent = group.getVisibleParent(marker) ?? marker;
      shown.set(parent, [...(shown.get(parent) ?? []), place.id]);
    });
    const leafletGroups = [...shown.values()].map((ids) => ids.join(',')).sort();
    const ours = clustersAt(places, 5, { radius: 22, minZoom: 0, maxZoom: 18 })
      .map((group) => group.map((place) => place.id).join(','))
      .sort();
    expect(ours).toEqual(leafletGroups);
    // Some of them cluster, or the comparison shows little.
    expect(ours.some((ids) => ids.includes(','))).toBe(true);
  }
});

it('places the markers where Leaflet draws them', () => {
  const places = placesFrom(11, 12);
  const size = { width: 390, height: 350 };
  // Whole zooms: Leaflet snaps the zoom to one where it finds no CSS 3D transforms (jsdom); the
  // first view's zoom of 4.92 is compared on screen, in Chromium, by the joining journeys.
  const map = leafletMap(size.width, size.height, 5);
  expect(map.getZoom()).toBe(5);
  const layout = pictureLayout({
    venues: places,
    size,
    centre: { lat: 54.4, lng: -3.4 },
    zoom: 5,
    tileUrl: 'https://tile.example/{z}/{x}/{y}.png',
    retina: false,
    clusterRadius: 22,
  });
  expect(layout.marks.filter((mark) => mark.venues.length === 1).length).toBeGreaterThan(3);
  for (const mark of layout.marks) {
    const lone = mark.venues.length === 1 ? mark.venues[0] : undefined;
    if (!lone) continue;
    const point = map.latLngToContainerPoint([lone.lat, lone.lng]).round();
    expect({ left: mark.left, top: mark.top }).toEqual({ left: point.x, top: point.y });
  }
});
