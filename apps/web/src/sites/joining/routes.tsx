import type { RouteObject } from 'react-router';
import { ComingSoon } from '../account/screens/coming-soon';

export const joiningRoutes: RouteObject[] = [{ path: '/', element: <ComingSoon title="Buy a membership" /> }];
