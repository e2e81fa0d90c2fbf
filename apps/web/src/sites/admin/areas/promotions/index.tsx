import type { AdminArea } from '../../area';
import { PriceChanges } from './price-changes';
import { EditPromotion, NewPromotion } from './promotion-screens';
import { PromotionsList } from './promotions-list';

/** The console's Promotions area (issue 47): promotion codes for joining, and scheduled price
 * changes for existing members. */
export const promotionsArea: AdminArea = {
  path: 'promotions',
  label: 'Promotions',
  permission: 'promotions.manage',
  routes: [
    { index: true, element: <PromotionsList /> },
    { path: 'new', element: <NewPromotion /> },
    { path: 'price-changes', element: <PriceChanges /> },
    { path: ':id', element: <EditPromotion /> },
  ],
};
