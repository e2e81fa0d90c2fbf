import type { AdminArea } from '../../area';

/** The console's Timetables area (issue 47): its screens are added by the work on this area. */
export const timetablesArea: AdminArea = {
  path: 'timetables',
  label: 'Timetables',
  permission: 'activities.manage',
  routes: [],
};
