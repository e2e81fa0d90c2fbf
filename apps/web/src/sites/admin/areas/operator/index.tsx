import { Suspense } from 'react';
import { lazyWithTimeout } from '../../../../shared/app/lazy';
import type { AdminArea } from '../../area';

const OperatorSettingsScreen = lazyWithTimeout(() => import('./settings-screen'), 'OperatorSettingsScreen');
const ThemeScreen = lazyWithTimeout(() => import('./theme-screen'), 'ThemeScreen');
const VenueFootersScreen = lazyWithTimeout(() => import('./footers-screen'), 'VenueFootersScreen');
const TermsListScreen = lazyWithTimeout(() => import('./terms-screens'), 'TermsListScreen');
const TermScreen = lazyWithTimeout(() => import('./terms-screens'), 'TermScreen');
const WaiversListScreen = lazyWithTimeout(() => import('./waiver-screens'), 'WaiversListScreen');
const WaiverScreen = lazyWithTimeout(() => import('./waiver-screens'), 'WaiverScreen');

/** The console's Operator area (issue 47): settings and gates, theme (draft, preview, publish), footers, terms. */
export const operatorArea: AdminArea = {
  path: 'operator',
  label: 'Operator',
  permission: 'operator.manage',
  routes: [
    { index: true, element: <OperatorSettingsScreen /> },
    { path: 'theme', element: <ThemeScreen /> },
    { path: 'footers', element: <VenueFootersScreen /> },
    { path: 'terms', element: <TermsListScreen /> },
    { path: 'terms/:id', element: <TermScreen /> },
    { path: 'waivers', element: <WaiversListScreen /> },
    { path: 'waivers/:id', element: <WaiverScreen /> },
  ].map((route) => ({ ...route, element: <Suspense fallback={null}>{route.element}</Suspense> })),
};
