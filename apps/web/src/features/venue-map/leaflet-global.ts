import L from 'leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

// leaflet.markercluster extends the global `L`; this module runs before it is imported.
(globalThis as { L?: typeof L }).L = L;

// The default marker images come from the bundle, not from a path Leaflet guesses from its CSS.
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export { L };
