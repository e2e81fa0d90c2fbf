import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installMockApi } from '../../test/mock-api';
import { renderElement, renderRoutes } from '../../test/render';
import { ChunkLoadError } from '../app/lazy';
import { siteRoutes } from '../app/site-routes';
import { FullPageError, MaintenancePage, NotFoundPage } from './error-pages';

installMockApi();

function Broken(): never {
  throw new Error('render crash');
}

function MissingChunk(): never {
  throw new ChunkLoadError('A script did not load within 120000 ms');
}

describe('full-page views', () => {
  it('the error page', () => {
    renderElement(<FullPageError />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'We may have dropped the ball on this one.',
    );
    expect(
      screen.getByText(
        'The page failed to load correctly. Try refreshing the page or return to the home page.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Reload the page' })).not.toBeInTheDocument();
  });

  it('the not-found page, with Go home to the sub-site home', () => {
    renderElement(<NotFoundPage />, { site: 'account' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      "Whoops! Looks like you've gone offside.",
    );
    expect(
      screen.getByText("The page you're looking for doesn't exist. Return home to keep the ball rolling."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/account/');
  });

  it('the maintenance page', () => {
    renderElement(<MaintenancePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Service disruption');
    expect(screen.getByText('Unable to access the site due to planned maintenance.')).toBeInTheDocument();
  });

  it('an unknown path shows the not-found page inside the chrome, with a breadcrumb', async () => {
    renderRoutes(siteRoutes([{ index: true, element: <h1>Home</h1> }]), { path: '/no-such-page' });
    expect(await screen.findByText("Whoops! Looks like you've gone offside.")).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Page not found');
  });

  it('a route that crashes shows the error page; a chunk that fails to load offers a reload', async () => {
    const errors = console.error;
    console.error = () => undefined;
    try {
      const { unmount } = renderRoutes(siteRoutes([{ index: true, element: <Broken /> }]));
      expect(await screen.findByText('We may have dropped the ball on this one.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Reload the page' })).not.toBeInTheDocument();
      unmount();
      renderRoutes(siteRoutes([{ index: true, element: <MissingChunk /> }]));
      expect(await screen.findByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    } finally {
      console.error = errors;
    }
  });
});
