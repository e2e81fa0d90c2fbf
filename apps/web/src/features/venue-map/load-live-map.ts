/**
 * The live map, with Leaflet's own module evaluated a task before the rest (its clustering plugin,
 * react-leaflet and the live map): evaluated together, they were one task of about 100 ms on a 4x
 * slower CPU (issue 16).
 */
export const loadLiveMap = () => import('./leaflet-global').then(() => import('./live-map'));
