/**
 * The map's module, with Leaflet's own module evaluated a task before the rest (its clustering
 * plugin, react-leaflet and the map's screen): evaluated together, they were one task of about
 * 100 ms on a 4x slower CPU (issue 16).
 */
export const loadVenueMap = () => import('./leaflet-global').then(() => import('./venue-map'));
