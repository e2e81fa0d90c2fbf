import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { forwardRef, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import type { MapVenue } from './distance';
import { mapDefaults } from './map-constants';
import { type PictureSize, pictureLayout } from './map-picture-layout';
import { useTileFailures } from './tile-failures';

export interface MapPictureProps {
  venues: MapVenue[];
  tileUrl: string;
  attribution: string;
  /** The visitor reaches for the map (a pointer over it, a touch, the focus, the wheel). */
  onReach: () => void;
  /** Three tiles in a row failed (true), or one loaded (false). */
  onTilesFailed: (failed: boolean) => void;
}

/** Leaflet's own credit, as its attribution control writes it (Leaflet 1.9's prefix). */
const leafletCredit =
  '<a href="https://leafletjs.com" title="A JavaScript library for interactive maps">' +
  '<svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg" width="12" height="8" viewBox="0 0 12 8" class="leaflet-attribution-flag">' +
  '<path fill="#4C7BE1" d="M0 0h12v4H0z"/><path fill="#FFD500" d="M0 4h12v3H0z"/><path fill="#E0BC00" d="M0 7h12v1H0z"/></svg> Leaflet</a>';

/** Leaflet.markercluster's icon sizes by count (MarkerClusterGroup._defaultIconCreateFunction). */
function clusterClass(count: number): string {
  const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
  return `venue-map-picture-cluster venue-map-picture-cluster-${size}`;
}

/**
 * A picture of the map's first view: its tiles, its markers and clusters and its controls where
 * Leaflet draws them, with none of Leaflet's work. The live map (live-map.tsx) starts over it when
 * the visitor reaches for it; until then a phone does not pay for a map it may never touch (its
 * start was most of `/join/`'s blocking time, issue 16). The picture is a focus stop like the live
 * map, so the keyboard reaches the map in the same place; the results list is the accessible way
 * to choose, as with the live map.
 */
export const MapPicture = forwardRef<HTMLDivElement, MapPictureProps>(function MapPicture(
  { venues, tileUrl, attribution, onReach, onTilesFailed },
  ref,
) {
  const frame = useRef<HTMLDivElement | null>(null);
  const [size, setSize] = useState<PictureSize | null>(null);
  const tiles = useTileFailures(onTilesFailed);
  // A tile shows once it has loaded (a failed one is no broken image), as Leaflet's tiles.
  const [loadedTiles, setLoadedTiles] = useState<ReadonlySet<string>>(new Set());
  // The frame's size as the browser lays it out (and again when it changes: a phone turned). Told
  // by an observer after the page's layout, not read at once: reading it would make the browser lay
  // out the whole page inside this render's task (issue 16). The server draws the frame only.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    // Its layout is done when the observer is told: clientWidth is then read, not worked out. The
    // picture is drawn as a transition: in slices, between which a tap is answered.
    const observer = new ResizeObserver(() => {
      const measured = { width: element.clientWidth, height: element.clientHeight };
      startTransition(() => setSize(measured));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // Reached for before the page's scripts ran (it came from the server): its events were missed.
  const reachedEarly = useRef(onReach);
  useEffect(() => {
    const element = frame.current;
    if (element && (document.activeElement === element || element.matches(':hover'))) reachedEarly.current();
  }, []);
  const layout = useMemo(
    () =>
      size &&
      pictureLayout({
        venues,
        size,
        centre: mapDefaults.centre,
        zoom: mapDefaults.zoom,
        tileUrl,
        retina: window.devicePixelRatio > 1,
        clusterRadius: mapDefaults.clusterRadius,
      }),
    [venues, size, tileUrl],
  );
  const marks = layout?.marks ?? [];
  const lone = marks.filter((mark) => mark.venues.length === 1);
  const byHeight = [...marks].sort((a, b) => a.top - b.top);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the picture only wakes the map, which handles its input
    <div
      ref={(element) => {
        frame.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      className="venue-map-picture"
      data-map-picture=""
      // A focus stop, as the live map's element is (and it hands the focus on to it).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the map's place in the tab order, as Leaflet's own element
      tabIndex={0}
      onPointerEnter={onReach}
      onPointerDown={onReach}
      onFocus={onReach}
      onWheel={onReach}
    >
      <div aria-hidden="true">
        {layout?.tiles.map((tile) => (
          <img
            key={tile.key}
            className="venue-map-picture-tile"
            src={tile.url}
            alt=""
            draggable={false}
            style={{
              left: tile.left,
              top: tile.top,
              width: tile.side,
              height: tile.side,
              visibility: loadedTiles.has(tile.url) ? undefined : 'hidden',
            }}
            onLoad={() => {
              setLoadedTiles((loaded) => new Set(loaded).add(tile.url));
              tiles.loaded();
            }}
            onError={tiles.failed}
          />
        ))}
        {/* Shadows under every pin, and the lower marks over the higher, as Leaflet's panes. */}
        {lone.map((mark) => (
          <img
            key={mark.venues[0]?.id}
            src={shadowUrl}
            alt=""
            draggable={false}
            className="venue-map-picture-shadow"
            style={{ left: mark.left, top: mark.top }}
          />
        ))}
        {byHeight.map((mark) =>
          mark.venues.length === 1 ? (
            <img
              key={mark.venues[0]?.id}
              src={iconUrl}
              srcSet={`${iconUrl} 1x, ${iconRetinaUrl} 2x`}
              alt=""
              draggable={false}
              className="venue-map-picture-pin"
              style={{ left: mark.left, top: mark.top }}
            />
          ) : (
            <div
              key={mark.venues.map((venue) => venue.id).join('-')}
              className={clusterClass(mark.venues.length)}
              style={{ left: mark.left, top: mark.top }}
            >
              <div>
                <span>{mark.venues.length}</span>
              </div>
            </div>
          ),
        )}
        <div className="venue-map-picture-zoom">
          <span>+</span>
          <span>&#x2212;</span>
        </div>
      </div>
      <div
        className="venue-map-picture-attribution"
        // The tile provider's credit, HTML from the build's settings (as Leaflet shows it).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the deployment's own setting, not user input
        dangerouslySetInnerHTML={{
          __html: `${leafletCredit} <span aria-hidden="true">|</span> ${attribution}`,
        }}
      />
    </div>
  );
});
