import type { AdminArea } from '../../area';

/** The console's Operator area (issue 47): its screens are added by the work on this area. */
export const operatorArea: AdminArea = {
  path: 'operator',
  label: 'Operator',
  permission: 'operator.manage',
  routes: [],
};
