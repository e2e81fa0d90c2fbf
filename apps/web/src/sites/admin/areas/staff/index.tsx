import type { AdminArea } from '../../area';

/** The console's Staff area (issue 47): its screens are added by the work on this area. */
export const staffArea: AdminArea = {
  path: 'staff',
  label: 'Staff',
  permission: 'staff.manage',
  routes: [],
};
