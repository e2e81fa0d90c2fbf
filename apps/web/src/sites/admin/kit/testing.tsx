import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '../../../shared/api/query-client';

/**
 * For the console's component tests: renders routes as the console mounts them (basename /admin)
 * with a fresh query client. `path` is the full address ('/admin/venues?q=leeds'). The API answers
 * come from MSW (`installMockApi()` from src/test/mock-api; admin handlers in src/mocks/admin-handlers).
 */
export function renderAdmin(routes: RouteObject[], { path = '/admin/' }: { path?: string } = {}) {
  const router = createMemoryRouter(routes, { basename: '/admin', initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
