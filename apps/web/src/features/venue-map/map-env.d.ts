interface ImportMetaEnv {
  /** The map's tile server, a Leaflet URL template; OpenStreetMap's standard tiles by default. */
  readonly VITE_MAP_TILE_URL?: string;
  /** The tiles' attribution (HTML); OpenStreetMap's by default. */
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}
