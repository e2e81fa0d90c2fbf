import { Suspense } from 'react';
import { lazyWithTimeout } from '../../../../shared/app/lazy';
import type { AdminArea } from '../../area';

const StaffListScreen = lazyWithTimeout(() => import('./staff-list-screen'), 'StaffListScreen');
const InviteStaffScreen = lazyWithTimeout(() => import('./invite-staff-screen'), 'InviteStaffScreen');
const StaffUserScreen = lazyWithTimeout(() => import('./staff-user-screen'), 'StaffUserScreen');

/** The console's Staff area (issue 47): staff users, inviting them, their roles, venues and sign-in. */
export const staffArea: AdminArea = {
  path: 'staff',
  label: 'Staff',
  permission: 'staff.manage',
  routes: [
    { index: true, element: <StaffListScreen /> },
    { path: 'invite', element: <InviteStaffScreen /> },
    { path: ':id', element: <StaffUserScreen /> },
  ].map((route) => ({ ...route, element: <Suspense fallback={null}>{route.element}</Suspense> })),
};
