import type { RouteObject } from 'react-router';

/**
 * One area of the operator console (decision 071): its place in the navigation, the permission that
 * shows it (the server refuses the calls anyway), and its routes under /admin/<path>.
 */
export interface AdminArea {
  /** Its path under /admin/ ('venues'), and the key of its navigation entry. */
  path: string;
  /** The navigation entry's text. */
  label: string;
  /** Shown to staff whose role gives this permission (the names of modules/session/permissions.ts). */
  permission: string;
  /** Its screens, relative to /admin/<path>/ (the index route is the area's first screen). */
  routes: RouteObject[];
}
