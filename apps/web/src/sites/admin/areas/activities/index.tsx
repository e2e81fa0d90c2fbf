import type { AdminArea } from '../../area';

/** The console's Activities area (issue 47): its screens are added by the work on this area. */
export const activitiesArea: AdminArea = {
  path: 'activities',
  label: 'Activities',
  permission: 'activities.manage',
  routes: [],
};
