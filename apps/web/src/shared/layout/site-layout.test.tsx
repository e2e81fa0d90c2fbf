import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { installMockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { SiteLayout } from './site-layout';

installMockApi();

describe('the site layout while a screen loads', () => {
  it('is still a page: a busy main landmark the skip link reaches, with a level-one heading', async () => {
    // A lazy screen that never arrives: the layout shows its loading page for as long as it takes.
    const NeverArrives = lazy(() => new Promise<never>(() => {}));
    renderRoutes([{ element: <SiteLayout />, children: [{ path: '*', element: <NeverArrives /> }] }], {
      modes: { embedded: true },
    });

    const main = await screen.findByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(main).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
  });
});
