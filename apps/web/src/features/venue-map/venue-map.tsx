import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { L } from './leaflet-global';
import 'leaflet.markercluster';
import { type LatLng, metresPerMile } from '@leisure/contract/geo';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Circle, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { settings } from '../../shared/settings';
import { Button } from '../../shared/ui/button';
import { type MapVenue, venueNameMatch, venuePostcodeMatch, venuesWithin } from './distance';
import { type Geocoder, serverGeocoder } from './geocoder';
import { defaultTileAttribution, defaultTileUrl, mapDefaults, mapMessages } from './map-constants';
import './venue-map.css';

export interface VenueMapProps<V extends MapVenue> {
  venues: V[];
  selectedId: number | null;
  onChoose: (venue: V) => void;
  /** The server's geocoding provider by default. */
  geocoder?: Geocoder;
}

type FlyRequest =
  | { id: number; kind: 'point'; target: LatLng; zoom: number; durationMs: number }
  | { id: number; kind: 'radius'; target: LatLng; radiusMiles: number; durationMs: number }
  | { id: number; kind: 'home'; durationMs: number };

interface AreaSearch {
  centre: LatLng;
  bounds: L.LatLngBounds;
}

/** Flies the map when asked, and reports the zoom and the visible area. */
function MapController({
  fly,
  onView,
}: {
  fly: FlyRequest | null;
  onView: (zoom: number, bounds: L.LatLngBounds, centre: LatLng) => void;
}) {
  const map = useMap();
  const report = () => {
    const centre = map.getCenter();
    onView(map.getZoom(), map.getBounds(), { lat: centre.lat, lng: centre.lng });
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
 * The map starts after the controls and the list, in steps: the map itself (Leaflet's panes and
 * controls, and the page's layout it reads for its size), then its tiles, then its controllers,
 * then its markers. Made with the controls and the list, they were tasks of 100-170 ms on a 4x
 * slower CPU (issue 16), a tap's wait on a phone and most of the blocking time of `/join/`.
 */
const mapStep = { map: 1, tiles: 2, layers: 3, markers: 4 } as const;

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
 * The search box: a venue name or a place, searched as trimmed. No schema library for one text
 * field: zod's schemas (92 KB) would load and build with the map, on the first view of `/join/`.
 */
interface SearchValues {
  term: string;
}

/**
 * The home-centre map (joining-and-payments.md 2, 4, 9): search by venue name or place, 'Use my
 * location', the radius slider, 'Search this area', 'Clear search', clustered markers and the
 * results list, which is the accessible way to choose (the map itself is a visual aid).
 */
export function VenueMap<V extends MapVenue>({
  venues,
  selectedId,
  onChoose,
  geocoder = serverGeocoder,
}: VenueMapProps<V>) {
  const { t } = useTranslation('flow');
  const id = useId();
  const form = useForm<SearchValues>({ defaultValues: { term: '' } });
  const searchTerm = useWatch({ control: form.control, name: 'term' });
  const [radius, setRadius] = useState<number>(mapDefaults.radius.default);
  const [searched, setSearched] = useState<LatLng | null>(null);
  const [placeName, setPlaceName] = useState<string | null>(null);
  const [area, setArea] = useState<AreaSearch | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [fly, setFly] = useState<FlyRequest | null>(null);
  const [view, setView] = useState<{ zoom: number; bounds: L.LatLngBounds | null; centre: LatLng }>({
    zoom: mapDefaults.zoom,
    bounds: null,
    centre: mapDefaults.centre,
  });
  const [highlighted, setHighlighted] = useState<number | null>(selectedId);
  const [tilesFailed, setTilesFailed] = useState(false);
  const flyId = useRef(0);
  const tileErrors = useRef(0);
  const tileUrl = settings.mapTileUrl ?? defaultTileUrl;
  const attribution = settings.mapTileAttribution ?? defaultTileAttribution;

  const flyTo = (
    request:
      | Omit<Extract<FlyRequest, { kind: 'point' }>, 'id'>
      | Omit<Extract<FlyRequest, { kind: 'radius' }>, 'id'>
      | Omit<Extract<FlyRequest, { kind: 'home' }>, 'id'>,
  ) => {
    flyId.current += 1;
    setFly({ ...request, id: flyId.current } as FlyRequest);
  };

  const results = useMemo(() => {
    if (area) {
      return venuesWithin(
        venues.filter((venue) => area.bounds.contains([venue.lat, venue.lng])),
        area.centre,
        Number.POSITIVE_INFINITY,
      );
    }
    return venuesWithin(venues, searched, radius);
  }, [venues, searched, radius, area]);

  function showPoint(point: LatLng, name: string, durationMs: number = mapDefaults.flyMs) {
    setSearched(point);
    setPlaceName(name);
    setArea(null);
    flyTo({ kind: 'radius', target: point, radiusMiles: radius, durationMs });
  }

  function reset() {
    setSearched(null);
    setPlaceName(null);
    setArea(null);
    flyTo({ kind: 'home', durationMs: mapDefaults.flyMs });
  }

  async function search(values: SearchValues) {
    const term = values.term.trim();
    if (!term) return;
    setMessage(null);
    // A centre's name, or a postcode (full, or its outward code) that belongs to a centre.
    const venue = venueNameMatch(venues, term) ?? venuePostcodeMatch(venues, term, { byOutwardCode: false });
    if (venue) {
      showVenue(venue);
      return;
    }
    setMessage(mapMessages.searching);
    const answer = await geocoder.lookup(term).catch(() => null);
    const place = answer?.place;
    if (!place) {
      // A full postcode the search cannot place still finds a centre in its district.
      const district = venuePostcodeMatch(venues, term, { byOutwardCode: true });
      if (district) {
        setMessage(null);
        showVenue(district);
        return;
      }
      setMessage(
        answer && !answer.findsPostcodes
          ? `${mapMessages.notFound} ${mapMessages.byNameHint}`
          : mapMessages.notFound,
      );
      reset();
      return;
    }
    setMessage(null);
    showPoint(place, place.name);
  }

  function showVenue(venue: V) {
    setSearched({ lat: venue.lat, lng: venue.lng });
    setPlaceName(venue.name);
    setArea(null);
    setHighlighted(venue.id);
    flyTo({ kind: 'point', target: venue, zoom: mapDefaults.venueZoom, durationMs: mapDefaults.flyMs });
  }

  function useMyLocation() {
    if (!('geolocation' in navigator)) {
      setMessage(mapMessages.locationFailed);
      return;
    }
    setMessage(mapMessages.searching);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setMessage(null);
        form.setValue('term', '');
        showPoint({ lat: position.coords.latitude, lng: position.coords.longitude }, t('map.yourLocation'));
      },
      (error) => setMessage(error.code === 1 ? mapMessages.locationDenied : mapMessages.locationFailed),
      { enableHighAccuracy: true, timeout: mapDefaults.geolocationTimeoutMs, maximumAge: 0 },
    );
  }

  function clearSearch() {
    form.setValue('term', '');
    setMessage(null);
    setHighlighted(null);
    reset();
  }

  function searchThisArea() {
    if (!view.bounds) return;
    setMessage(null);
    setSearched(null);
    setPlaceName(null);
    setArea({ centre: view.centre, bounds: view.bounds });
  }

  const hasSearch = searched !== null || area !== null;
  const headerText =
    results.length === 0
      ? mapMessages.noVenues
      : area
        ? t('map.resultsArea', { count: results.length })
        : placeName
          ? t('map.resultsNear', {
              count: results.length,
              place: placeName,
              distance: t('map.radiusValue', { count: radius }),
            })
          : t('map.resultsAll', { count: results.length });

  return (
    <div className="venue-map">
      <div className="venue-map-controls">
        <search>
          <form className="venue-map-search" onSubmit={form.handleSubmit(search)}>
            <div className="field">
              <label htmlFor={`${id}-search`} className="field-label">
                {t('map.searchLabel')}
              </label>
              <input id={`${id}-search`} type="search" autoComplete="off" {...form.register('term')} />
            </div>
            <Button type="submit">{t('map.search')}</Button>
          </form>
        </search>
        <div className="venue-map-actions">
          <Button variant="secondary" onClick={useMyLocation}>
            {t('map.useMyLocation')}
          </Button>
          {hasSearch || searchTerm ? (
            <Button variant="secondary" onClick={clearSearch}>
              {t('map.clearSearch')}
            </Button>
          ) : null}
        </div>
        <div className="field venue-map-radius">
          <label htmlFor={`${id}-radius`} className="field-label">
            {t('map.radius', { count: radius })}
          </label>
          <input
            id={`${id}-radius`}
            type="range"
            min={mapDefaults.radius.min}
            max={mapDefaults.radius.max}
            step={mapDefaults.radius.step}
            value={radius}
            aria-valuetext={t('map.radiusValue', { count: radius })}
            onChange={(event) => {
              const next = Number(event.target.value);
              setRadius(next);
              if (searched) {
                flyTo({
                  kind: 'radius',
                  target: searched,
                  radiusMiles: next,
                  durationMs: mapDefaults.quickFlyMs,
                });
              }
            }}
          />
        </div>
        <p className="venue-map-message" role="status" aria-live="polite">
          {message ?? ''}
        </p>
      </div>

      <div className="venue-map-frame">
        <p id={`${id}-map-help`} className="visually-hidden">
          {t('map.textAlternative')}
        </p>
        <section aria-label={t('map.label')} aria-describedby={`${id}-map-help`}>
          <InSteps last={mapStep.markers}>
            {(step) =>
              step < mapStep.map ? (
                <div className="venue-map-canvas" />
              ) : (
                <MapContainer
                  center={[mapDefaults.centre.lat, mapDefaults.centre.lng]}
                  zoom={mapDefaults.zoom}
                  zoomSnap={0}
                  className="venue-map-canvas"
                  scrollWheelZoom
                >
                  {step >= mapStep.tiles ? (
                    <TileLayer
                      url={tileUrl}
                      attribution={attribution}
                      eventHandlers={{
                        tileerror: () => {
                          tileErrors.current += 1;
                          if (tileErrors.current >= 3) setTilesFailed(true);
                        },
                        tileload: () => {
                          tileErrors.current = 0;
                          setTilesFailed(false);
                        },
                      }}
                    />
                  ) : null}
                  {step >= mapStep.layers ? (
                    <>
                      <MapController
                        fly={fly}
                        onView={(zoom, bounds, centre) => setView({ zoom, bounds, centre })}
                      />
                      {searched && !area ? (
                        <Circle
                          center={[searched.lat, searched.lng]}
                          radius={radius * metresPerMile}
                          pathOptions={{ weight: 1, fillOpacity: 0.08 }}
                        />
                      ) : null}
                    </>
                  ) : null}
                  {step >= mapStep.markers ? (
                    <ClusterLayer venues={venues} onMarker={(venue) => setHighlighted(venue.id)} />
                  ) : null}
                </MapContainer>
              )
            }
          </InSteps>
        </section>
        {view.zoom > mapDefaults.searchAreaMinZoom ? (
          <Button className="venue-map-area" variant="secondary" onClick={searchThisArea}>
            {t('map.searchThisArea')}
          </Button>
        ) : null}
        {tilesFailed ? <p className="venue-map-offline">{t('map.tilesFailed')}</p> : null}
      </div>

      <section className="venue-results" aria-labelledby={`${id}-results`}>
        <h3 id={`${id}-results`} className="venue-results-header">
          {headerText}
        </h3>
        {results.length === 0 ? (
          <p className="notice">{mapMessages.noCentres}</p>
        ) : (
          <ul className="venue-results-list">
            {results.map(({ venue, distance }) => (
              <li
                key={venue.id}
                className={[
                  'venue-result',
                  venue.id === highlighted ? 'venue-result-highlighted' : '',
                  venue.id === selectedId ? 'venue-result-selected' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
              >
                <h4>{venue.name}</h4>
                <address>
                  {[venue.address1, venue.address2, venue.postcode].filter(Boolean).join(', ')}
                </address>
                {distance !== null ? (
                  <p className="venue-result-distance">
                    {t('map.miles', { count: Number(distance.toFixed(1)) })}
                  </p>
                ) : null}
                <div className="venue-result-actions">
                  <Button
                    variant="link"
                    onClick={() => {
                      setHighlighted(venue.id);
                      flyTo({
                        kind: 'point',
                        target: venue,
                        zoom: mapDefaults.venueZoom,
                        durationMs: mapDefaults.flyMs,
                      });
                    }}
                    aria-label={t('map.showNamed', { name: venue.name })}
                  >
                    {t('map.show')}
                  </Button>
                  <Button
                    onClick={() => onChoose(venue)}
                    aria-label={t('centre.chooseNamed', { name: venue.name })}
                  >
                    {t('centre.choose')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
