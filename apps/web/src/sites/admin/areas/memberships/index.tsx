import type { AdminArea } from '../../area';
import {
  CategoriesScreen,
  FreezeTypeScreen,
  FreezeTypesScreen,
  MembershipTypeScreen,
  MembershipTypesScreen,
  NewMembershipTypeScreen,
} from './screens';

/**
 * The console's Memberships area (issue 47): membership types with their payment options and
 * additional questions, categories, and freeze types.
 */
export const membershipsArea: AdminArea = {
  path: 'memberships',
  label: 'Memberships',
  permission: 'memberships.manage',
  routes: [
    { index: true, element: <MembershipTypesScreen /> },
    { path: 'types/new', element: <NewMembershipTypeScreen /> },
    { path: 'types/:id', element: <MembershipTypeScreen /> },
    { path: 'categories', element: <CategoriesScreen /> },
    { path: 'freeze-types', element: <FreezeTypesScreen /> },
    { path: 'freeze-types/new', element: <FreezeTypeScreen /> },
    { path: 'freeze-types/:id', element: <FreezeTypeScreen /> },
  ],
};
