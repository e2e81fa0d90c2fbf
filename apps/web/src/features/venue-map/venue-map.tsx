import type { LatLng } from '@leisure/contract/geo';
import { Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithTimeout } from '../../shared/app/lazy';
import { settings } from '../../shared/settings';
import { Button } from '../../shared/ui/button';
import { type MapVenue, venueNameMatch, venuePostcodeMatch, venuesWithin } from './distance';
import { type Geocoder, serverGeocoder } from './geocoder';
import { loadLiveMap } from './load-live-map';
import { defaultTileAttribution, defaultTileUrl, mapDefaults, mapMessages } from './map-constants';
import { MapPicture } from './map-picture';
import { boundsContain, type FlyRequest, type MapBounds, type MapView } from './map-view';
import './venue-map.css';

/** Leaflet, its clustering and the live map: loaded when the visitor reaches for the map. */
const LiveMap = lazyWithTimeout(loadLiveMap, 'LiveMap');

export interface VenueMapProps<V extends MapVenue> {
  venues: V[];
  selectedId: number | null;
  onChoose: (venue: V) => void;
  /** The server's geocoding provider by default. */
  geocoder?: Geocoder;
}

interface AreaSearch {
  centre: LatLng;
  bounds: MapBounds;
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
  // The search box: a venue name or a place, searched as trimmed. One uncontrolled text field (as a
  // form library would keep it, without one's set-up and re-render on the first view of `/join/`,
  // issue 16): React never writes its value, so text typed before the page's scripts ran stays.
  // `searchTerm` follows it, for 'Clear search'.
  const searchBox = useRef<HTMLInputElement>(null);
  const [searchTerm, setSearchTerm] = useState('');
  const clearSearchBox = () => {
    if (searchBox.current) searchBox.current.value = '';
    setSearchTerm('');
  };
  const [radius, setRadius] = useState<number>(mapDefaults.radius.default);
  const [searched, setSearched] = useState<LatLng | null>(null);
  const [placeName, setPlaceName] = useState<string | null>(null);
  const [area, setArea] = useState<AreaSearch | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [fly, setFly] = useState<FlyRequest | null>(null);
  const [view, setView] = useState<MapView>({
    zoom: mapDefaults.zoom,
    bounds: null,
    centre: mapDefaults.centre,
  });
  const [highlighted, setHighlighted] = useState<number | null>(selectedId);
  const [tilesFailed, setTilesFailed] = useState(false);
  // The map is a picture until the visitor reaches for it or a search flies it; then the live map
  // starts over the picture, which goes once the live map has drawn its tiles and markers.
  const [live, setLive] = useState(false);
  const [liveDrawn, setLiveDrawn] = useState(false);
  const picture = useRef<HTMLDivElement>(null);
  const flyId = useRef(0);
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
    // The picture is the first view already: flying home from it needs no map.
    if (request.kind !== 'home') setLive(true);
  };
  const startLive = useCallback(() => setLive(true), []);
  const onLiveDrawn = useCallback(() => setLiveDrawn(true), []);
  // The focus the picture had goes on to the live map that replaces it.
  const onLiveStart = useCallback((container: HTMLElement) => {
    if (picture.current && document.activeElement === picture.current)
      container.focus({ preventScroll: true });
  }, []);

  const results = useMemo(() => {
    if (area) {
      return venuesWithin(
        venues.filter((venue) => boundsContain(area.bounds, venue)),
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

  async function search(typed: string) {
    const term = typed.trim();
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
        clearSearchBox();
        showPoint({ lat: position.coords.latitude, lng: position.coords.longitude }, t('map.yourLocation'));
      },
      (error) => setMessage(error.code === 1 ? mapMessages.locationDenied : mapMessages.locationFailed),
      { enableHighAccuracy: true, timeout: mapDefaults.geolocationTimeoutMs, maximumAge: 0 },
    );
  }

  function clearSearch() {
    clearSearchBox();
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
          <form
            className="venue-map-search"
            onSubmit={(event) => {
              event.preventDefault();
              void search(searchBox.current?.value ?? '');
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-search`} className="field-label">
                {t('map.searchLabel')}
              </label>
              <input
                id={`${id}-search`}
                type="search"
                autoComplete="off"
                ref={searchBox}
                defaultValue=""
                onChange={(event) => setSearchTerm(event.target.value)}
              />
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
          <div className="venue-map-canvas">
            {liveDrawn ? null : (
              <MapPicture
                ref={picture}
                venues={venues}
                tileUrl={tileUrl}
                attribution={attribution}
                onReach={startLive}
                onTilesFailed={setTilesFailed}
              />
            )}
            {live ? (
              <Suspense fallback={null}>
                <LiveMap
                  venues={venues}
                  fly={fly}
                  circle={searched && !area ? { centre: searched, radiusMiles: radius } : null}
                  tileUrl={tileUrl}
                  attribution={attribution}
                  onView={setView}
                  onMarker={(venue) => setHighlighted(venue.id)}
                  onTilesFailed={setTilesFailed}
                  onStart={onLiveStart}
                  onDrawn={onLiveDrawn}
                />
              </Suspense>
            ) : null}
          </div>
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
