import type { AdminArea } from '../../area';

/** The console's Promotions area (issue 47): its screens are added by the work on this area. */
export const promotionsArea: AdminArea = {
  path: 'promotions',
  label: 'Promotions',
  permission: 'promotions.manage',
  routes: [],
};
