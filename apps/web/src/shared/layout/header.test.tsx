import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockClient } from '../../mocks/fixtures';
import { findDialog } from '../../test/dialogs';
import { watchForText } from '../../test/ever-shown';
import { installMockApi, setTestCookie, startMockSession } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { siteRoutes } from '../app/site-routes';

const server = installMockApi();

function Page() {
  return (
    <main id="main">
      <h1>Page</h1>
    </main>
  );
}

const routes = siteRoutes([
  { index: true, element: <Page /> },
  { path: 'basket', element: <Page />, handle: { crumb: 'bookings:basket.title' } },
]);

async function header() {
  return within(await screen.findByRole('banner'));
}

describe('site header', () => {
  it('anonymous on the bookings site: navigation, Log in opens the login modal, basket with its count', async () => {
    renderRoutes(routes);
    const banner = await header();
    expect(await banner.findByRole('link', { name: 'Book an activity' })).toHaveAttribute(
      'href',
      '/redirect-to-selected-venue',
    );
    expect(banner.getByRole('link', { name: 'Buy a membership' })).toHaveAttribute('href', '/join/');
    expect(banner.getByRole('link', { name: /basket.*0 items/i })).toHaveAttribute('href', '/basket');
    expect(banner.queryByRole('link', { name: 'Back to Kiosk Home' })).not.toBeInTheDocument();
    expect(banner.queryByRole('link', { name: 'My account' })).not.toBeInTheDocument();
    expect(banner.getByRole('link', { name: /Riverside Leisure/ })).toHaveAttribute('href', '/');

    await userEvent.click(banner.getByRole('button', { name: 'Log in' }));
    const dialog = await findDialog('Log in');
    expect(within(dialog).getByLabelText(/email address or customer id/i)).toBeInTheDocument();
  });

  it('logged in: My account instead of Log in', async () => {
    startMockSession();
    renderRoutes(routes);
    const banner = await header();
    expect(await banner.findByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account/');
    expect(banner.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('logged in: the badge shows the loaded count, and no 0 while the session or basket loads', async () => {
    startMockSession();
    const zero = watchForText('0 items');
    renderRoutes(routes);
    const banner = await header();
    const basket = await banner.findByRole('link', { name: /^Basket ?2 items$/ });
    expect(within(basket).getByText('2')).toHaveClass('basket-badge');
    expect(zero.seen).toBe(false);
  });

  it('while the basket loads and when it cannot, the badge says no count (not 0)', async () => {
    startMockSession();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/activities/cart', async () => {
        await held;
        return HttpResponse.json({ message: 'Down' }, { status: 500 });
      }),
    );
    renderRoutes(routes);
    const banner = await header();
    await banner.findByRole('link', { name: 'My account' });
    const basket = banner.getByRole('link', { name: 'Basket' });
    expect(within(basket).queryByText('0')).not.toBeInTheDocument();
    release();
    // A failed read is retried once (after a second) before the badge gives up.
    expect(await banner.findByRole('link', { name: /^Basket ?item count not available$/ })).toBe(basket);
    expect(within(basket).queryByText('0')).not.toBeInTheDocument();
    expect(within(basket).getByText('!')).toHaveClass('basket-badge');
  });

  it('on the account site Log in is a link to /login', async () => {
    renderRoutes(routes, { site: 'account' });
    const banner = await header();
    expect(await banner.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(banner.getByRole('link', { name: /basket/i })).toHaveAttribute('href', '/basket');
  });

  it('hides Buy a membership when online joining is off', async () => {
    server.use(
      http.get('*/api/client', () =>
        HttpResponse.json({ data: { ...mockClient, online_joining_enabled: false } }),
      ),
    );
    renderRoutes(routes);
    const banner = await header();
    await banner.findByRole('link', { name: 'Book an activity' });
    expect(banner.queryByRole('link', { name: 'Buy a membership' })).not.toBeInTheDocument();
  });

  it('kiosk mode: Back to Kiosk Home, and cross-site links carry kiosk=true', async () => {
    setTestCookie('selected_venue', 'york-ouse-bank');
    renderRoutes(routes, { modes: { kiosk: true } });
    const banner = await header();
    expect(await banner.findByRole('link', { name: 'Back to Kiosk Home' })).toHaveAttribute(
      'href',
      '/join/kiosk/?kiosk=true&centre=york-ouse-bank',
    );
    expect(banner.getByRole('link', { name: 'Buy a membership' })).toHaveAttribute(
      'href',
      '/join/centre/york-ouse-bank?kiosk=true',
    );
    setTestCookie('selected_venue', null);
  });

  it('a venue selected in another tab shows when this tab comes back to the front', async () => {
    setTestCookie('selected_venue', 'york-ouse-bank');
    renderRoutes(routes, { modes: { kiosk: true } });
    const banner = await header();
    const joinLink = await banner.findByRole('link', { name: 'Buy a membership' });
    expect(joinLink).toHaveAttribute('href', '/join/centre/york-ouse-bank?kiosk=true');
    // Another tab of the same site selects Leeds: the cookie changes under this page.
    // biome-ignore lint/suspicious/noDocumentCookie: what the other tab's page does
    document.cookie = 'selected_venue=leeds-riverside; path=/';
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() =>
      expect(banner.getByRole('link', { name: 'Buy a membership' })).toHaveAttribute(
        'href',
        '/join/centre/leeds-riverside?kiosk=true',
      ),
    );
    setTestCookie('selected_venue', null);
  });

  it('embedded mode hides the header, footer and breadcrumbs but not the page', async () => {
    renderRoutes(routes, { path: '/basket', modes: { embedded: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  it('shows breadcrumbs, the skip link and the sanitised footer', async () => {
    server.use(
      http.get('*/api/activities/footer', () =>
        HttpResponse.json({
          data: '<p>Call us<img src="x" onerror="alert(1)"></p><script>alert(2)</script>',
        }),
      ),
    );
    renderRoutes(routes, { path: '/basket' });
    const crumbs = within(await screen.findByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(crumbs.getByText('Shopping basket')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() => expect(footer).toHaveTextContent('Call us'));
    expect(footer.innerHTML).not.toContain('onerror');
    expect(footer.innerHTML).not.toContain('script');
  });
});
