import type { AdminArea } from '../../area';

/** The console's Venues area (issue 47): its screens are added by the work on this area. */
export const venuesArea: AdminArea = {
  path: 'venues',
  label: 'Venues',
  permission: 'venues.manage',
  routes: [],
};
