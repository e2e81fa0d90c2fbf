import type { AdminArea } from '../../area';

/** The console's Memberships area (issue 47): its screens are added by the work on this area. */
export const membershipsArea: AdminArea = {
  path: 'memberships',
  label: 'Memberships',
  permission: 'memberships.manage',
  routes: [],
};
