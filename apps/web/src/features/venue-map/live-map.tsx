import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { L } from './leaflet-global';
import 'leaflet.markercluster';
import { type LatLng, metresPerMile } from '@leisure/contract/geo';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Circle, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import type { MapVenue } from './distance';
import { mapDefaults } from './map-constants';
import type { FlyRequest, MapView } from './map-view';
import { useTileFailures } from './tile-failures';

export interface LiveMapProps<V extends MapVenue> {
  venues: V[];
  fly: FlyRequest | null;
  /** The searched point's circle. */
  circle: { centre: LatLng; radiusMiles: number } | null;
  tileUrl: string;
  attribution: string;
  onView: (view: MapView) => void;
  onMarker: (venue: V) => void;
  /** Three tiles in a row failed (true), or one loaded (false). */
  onTilesFailed: (failed: boolean) => void;
  /** The map's element exists (to take the focus its picture had). */
  onStart: (container: HTMLElement) => void;
  /** Its first tiles and its markers are drawn: the picture under it can go. */
  onDrawn: () => void;
}

/** Flies the map when asked, and reports the zoom and the visible area. */
function MapController({ fly, onView }: { fly: FlyRequest | null; onView: (view: MapView) => void }) {
  const map = useMap();
  const report = () => {
    const centre = map.getCenter();
    const bounds = map.getBounds();
    onView({
      zoom: map.getZoom(),
      bounds: {
        south: bounds.getSouth(),
        west: bounds.getWest(),
        north: bounds.getNorth(),
        east: bounds.getEast(),
      },
      centre: { lat: centre.lat, lng: centre.lng },
    });
  };
  useMapEvents({ moveend: report, zoomend: report });
  useEffect(() => {
    if (!fly) return;
    const options = { duration: fly.durationMs / 1000 };
    if (fly.kind === 'home')
      map.flyTo([mapDefaults.centre.lat, mapDefaults.centre.lng], mapDefaults.zoom, options);
    else if (fly.kind === 'point') map.flyTo([fly.target.lat, fly.target.lng], fly.zoom, options);
    else
      map.flyToBounds(
        L.latLng(fly.target.lat, fly.target.lng).toBounds(fly.radiusMiles * metresPerMile * 2),
        options,
      );
  }, [fly, map]);
  return null;
}

/** Tells the screen the map's element exists, once. */
function StartSignal({ onStart }: { onStart: (container: HTMLElement) => void }) {
  const map = useMap();
  const latest = useRef(onStart);
  latest.current = onStart;
  useEffect(() => {
    latest.current(map.getContainer());
  }, [map]);
  return null;
}

/**
 * The venues as clustered markers (radius 22, clustering up to zoom 20); a cluster click zooms in.
 * Mounted in a step of its own (mapStep.markers): made with the map, the markers made its start
 * one task of 230 ms on a 4x slower CPU (issue 16), a tap's wait on a phone.
 */
function ClusterLayer<V extends MapVenue>({
  venues,
  onMarker,
}: {
  venues: V[];
  onMarker: (venue: V) => void;
}) {
  const map = useMap();
  const latest = useRef(onMarker);
  latest.current = onMarker;
  useEffect(() => {
    const group = L.markerClusterGroup({
      maxClusterRadius: mapDefaults.clusterRadius,
      disableClusteringAtZoom: mapDefaults.clusterMaxZoom + 1,
      zoomToBoundsOnClick: false,
      showCoverageOnHover: false,
    });
    group.on('clusterclick', (event) => {
      const cluster = (event as L.LeafletEvent & { layer: L.MarkerCluster }).layer;
      map.flyToBounds(cluster.getBounds(), { duration: mapDefaults.quickFlyMs / 1000, padding: [24, 24] });
    });
    group.addLayers(venues.map((venue) => venueMarker(venue, () => latest.current(venue))));
    map.addLayer(group);
    return () => {
      map.removeLayer(group);
    };
  }, [venues, map]);
  return null;
}

/** A venue's marker: its name and address in the popup. */
function venueMarker(venue: MapVenue, onClick: () => void): L.Marker {
  const popup = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = venue.name;
  popup.append(name);
  const address = [venue.address1, venue.postcode].filter(Boolean).join(', ');
  if (address) {
    const line = document.createElement('div');
    line.textContent = address;
    popup.append(line);
  }
  const marker = L.marker([venue.lat, venue.lng], { title: venue.name, alt: venue.name, keyboard: true });
  marker.bindPopup(popup);
  marker.on('click', onClick);
  return marker;
}

/**
 * Renders `children(step)` for step 0, then 1, up to `last`, each step a task after the last one's
 * commit, so that each step's work is a task of its own.
 */
function InSteps({ last, children }: { last: number; children: (step: number) => ReactNode }) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step >= last) return;
    const next = setTimeout(() => setStep(step + 1), 0);
    return () => clearTimeout(next);
  }, [step, last]);
  return children(step);
}

/**
 * The live map starts in steps, each a task of its own: the map itself (Leaflet's panes and
 * controls, and the page's layout it reads for its size), then its tiles, then its controllers,
 * then its markers. Made at once they were tasks of 100-170 ms on a 4x slower CPU (issue 16).
 */
const mapStep = { map: 0, tiles: 1, layers: 2, markers: 3 } as const;

/**
 * The live Leaflet map of the centres, started over its picture (map-picture.tsx) when the visitor
 * reaches for it. Its background is clear until its first tiles are drawn, so the picture under it
 * shows until then and nothing flashes.
 */
export function LiveMap<V extends MapVenue>({
  venues,
  fly,
  circle,
  tileUrl,
  attribution,
  onView,
  onMarker,
  onTilesFailed,
  onStart,
  onDrawn,
}: LiveMapProps<V>) {
  const tiles = useTileFailures(onTilesFailed);
  const [tilesDrawn, setTilesDrawn] = useState(false);
  const [markersDrawn, setMarkersDrawn] = useState(false);
  const drawn = tilesDrawn && markersDrawn;
  useEffect(() => {
    if (drawn) onDrawn();
  }, [drawn, onDrawn]);
  return (
    <MapContainer
      center={[mapDefaults.centre.lat, mapDefaults.centre.lng]}
      zoom={mapDefaults.zoom}
      zoomSnap={0}
      className="venue-map-live"
      scrollWheelZoom
    >
      <StartSignal onStart={onStart} />
      <InSteps last={mapStep.markers}>
        {(step) => (
          <>
            {step >= mapStep.tiles ? (
              <TileLayer
                url={tileUrl}
                attribution={attribution}
                eventHandlers={{
                  tileerror: tiles.failed,
                  tileload: tiles.loaded,
                  // After every tile in view loaded or failed.
                  load: () => setTilesDrawn(true),
                }}
              />
            ) : null}
            {step >= mapStep.layers ? (
              <>
                <MapController fly={fly} onView={onView} />
                {circle ? (
                  <Circle
                    center={[circle.centre.lat, circle.centre.lng]}
                    radius={circle.radiusMiles * metresPerMile}
                    pathOptions={{ weight: 1, fillOpacity: 0.08 }}
                  />
                ) : null}
              </>
            ) : null}
            {step >= mapStep.markers ? (
              <>
                <ClusterLayer venues={venues} onMarker={onMarker} />
                <DrawnSignal onDrawn={() => setMarkersDrawn(true)} />
              </>
            ) : null}
          </>
        )}
      </InSteps>
    </MapContainer>
  );
}

/** Calls `onDrawn` after the browser has painted what was committed with it. */
function DrawnSignal({ onDrawn }: { onDrawn: () => void }) {
  const latest = useRef(onDrawn);
  latest.current = onDrawn;
  useEffect(() => {
    const frame = requestAnimationFrame(() => latest.current());
    return () => cancelAnimationFrame(frame);
  }, []);
  return null;
}
