import L from 'leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

// leaflet.markercluster extends the global `L`; this module runs before it is imported.
(globalThis as { L?: typeof L }).L = L;

// The default marker images come from the bundle, not from a path Leaflet guesses from its CSS:
// with no imagePath set, the first marker finds it by adding an element to the page and reading
// its computed style, which makes the browser work out the whole page's style then (issue 16).
L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export { L };
