import type { RouteObject } from 'react-router';

/** Child routes of the account layout (my-account.md 2.1). */
export const membershipChangeRoutes: RouteObject[] = [];
