import type { RouteObject } from 'react-router';
import { ComingSoon } from '../account/screens/coming-soon';

export const bookingsRoutes: RouteObject[] = [
  { path: '/', element: <ComingSoon title="Book an activity" /> },
];
