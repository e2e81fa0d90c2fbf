import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lazyWithTimeout } from './lazy';
import { firstCalls, pageRoutes } from './page-routes';
import type { SiteDefinition } from './site-tree';

/** A lazy screen as a route definition has it in the SSR build (build/site-pages.ts names its module). */
const screen = (source: string) =>
  lazyWithTimeout(
    Object.assign(async () => ({ Screen: () => null }), { source }),
    'Screen',
  );
const Layout = screen('src/layout.tsx');
const List = screen('src/list.tsx');
const Detail = screen('src/detail.tsx');

const site = (routes: RouteObject[]): SiteDefinition => ({
  site: 'account',
  basename: '/account',
  routes,
  loginModal: () => null,
});

describe('the routes a page manifest is written from', () => {
  it("lists each route's pattern, its lazy screens outermost first and the first calls declared above it", () => {
    const routes: RouteObject[] = [
      {
        path: '/',
        element: (
          <Suspense>
            <Layout />
          </Suspense>
        ),
        children: [
          {
            index: true,
            element: <List />,
            handle: firstCalls({ params: [], calls: () => [{ path: 'api/list' }] }),
          },
          {
            path: 'items/:item/:tab?',
            element: <Detail />,
            handle: firstCalls({
              params: ['item'],
              calls: ({ item }) => [{ path: `api/items/${encodeURIComponent(item)}` }],
              userCalls: () => [{ path: 'api/mine', query: { filter: 'future', empty: '' } }],
            }),
            children: [{ path: 'more', element: <List /> }],
          },
        ],
      },
    ];
    expect(pageRoutes([site(routes)])).toEqual([
      {
        site: 'account',
        path: '/account',
        screens: ['src/layout.tsx', 'src/list.tsx'],
        calls: ['/api/list'],
        userCalls: [],
      },
      {
        site: 'account',
        path: '/account/items/:item/:tab?/more',
        screens: ['src/layout.tsx', 'src/detail.tsx', 'src/list.tsx'],
        calls: ['/api/items/:item'],
        userCalls: ['/api/mine?filter=future'],
      },
      {
        site: 'account',
        path: '/account/items/:item/:tab?',
        screens: ['src/layout.tsx', 'src/detail.tsx'],
        calls: ['/api/items/:item'],
        userCalls: ['/api/mine?filter=future'],
      },
    ]);
  });

  it('refuses a lazy screen whose module it cannot name', () => {
    const Unnamed = lazy(async () => ({ default: () => null }));
    expect(() => pageRoutes([site([{ path: 'x', element: <Unnamed /> }])])).toThrow('module is not named');
  });

  it('refuses calls that use a parameter the route does not have', () => {
    const routes: RouteObject[] = [
      {
        path: 'things',
        element: <List />,
        handle: firstCalls({ params: ['thing'], calls: ({ thing }) => [{ path: `api/${thing}` }] }),
      },
    ];
    expect(() => pageRoutes([site(routes)])).toThrow(
      '/account/things use parameters the route does not have: thing',
    );
  });
});
