import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumbs } from '../../../shared/layout/breadcrumbs';
import { withSignedInServer } from '../../../test/account/account-api';
import { installWaiverHandlers } from '../../../test/account/profile-and-waivers-api';
import { renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

withSignedInServer();

/** The account routes under the breadcrumbs, as the site layout shows them. */
const withCrumbs: RouteObject[] = [
  {
    element: (
      <>
        <Breadcrumbs />
        <Outlet />
      </>
    ),
    children: accountRoutes,
  },
];

describe('/user-details/waivers', () => {
  it('lists waivers by restriction with their state; the expired one is not listed', async () => {
    installWaiverHandlers();
    renderRoutes(withCrumbs, { path: '/user-details/waivers', site: 'account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My waivers' })).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Waivers' });
    const gym = await within(list).findByRole('link', { name: 'Gym health declaration' });
    expect(gym).toHaveAttribute('href', '/user-details/waivers/gym-health-declaration');
    expect(within(list).getByText('Signed on 25 Oct 2026')).toBeInTheDocument();
    expect(within(list).getByText('Expires 25 Oct 2027')).toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: /Climbing wall/ })).toHaveTextContent('Enhanced waiver');
    expect(within(list).getByText('Not signed')).toBeInTheDocument();
    expect(within(list).queryByText('Pool safety rules')).not.toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(within(crumbs).getByRole('link', { name: 'My details' })).toHaveAttribute('href', '/user-details');
  });

  it("shows 'Your waivers will appear here' when there are none", async () => {
    installWaiverHandlers({ waivers: [] });
    renderRoutes(accountRoutes, { path: '/user-details/waivers', site: 'account' });
    expect(await screen.findByText('Your waivers will appear here')).toBeInTheDocument();
  });
});

describe('/user-details/waivers/{slug}', () => {
  it('a signed waiver shows its terms, answers, attendee and the signed-on date, and no I agree', async () => {
    installWaiverHandlers();
    renderRoutes(withCrumbs, { path: '/user-details/waivers/gym-health-declaration', site: 'account' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gym health declaration' }),
    ).toBeInTheDocument();
    expect(screen.getByText('I am in good health.')).toBeInTheDocument();
    expect(screen.getByText('Alex Morgan')).toBeInTheDocument();
    expect(screen.getByText('Have you completed a gym induction?')).toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(screen.getByText(/Signed on 25\/10\/2026 09:15/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I agree' })).not.toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(within(crumbs).getByText('Gym health declaration')).toHaveAttribute('aria-current', 'page');
    expect(within(crumbs).getByRole('link', { name: 'Waivers' })).toHaveAttribute(
      'href',
      '/user-details/waivers',
    );
  });

  it('an unsigned waiver needs its required answers, then I agree signs it', async () => {
    const state = installWaiverHandlers();
    const user = userEvent.setup();
    const { container } = renderRoutes(accountRoutes, {
      path: '/user-details/waivers/climbing-wall-enhanced-waiver',
      site: 'account',
    });
    await screen.findByRole('heading', { level: 1, name: 'Climbing wall enhanced waiver' });
    // The operator's HTML is sanitised: no script, no event handlers.
    expect(screen.getByText('Climbing is risky.')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('Enhanced waiver')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I agree' }));
    expect(await screen.findAllByText('Please answer this question.')).toHaveLength(2);
    expect(state.signRequests).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'A few times' }));
    await user.type(screen.getByRole('textbox', { name: /Who will belay you/ }), 'Sam Morgan');
    await user.click(screen.getByRole('button', { name: 'I agree' }));
    expect(await screen.findByText('Thank you, the waiver has been signed')).toBeInTheDocument();
    expect(state.signRequests).toEqual([
      {
        slug: 'climbing-wall-enhanced-waiver',
        body: { answers: { experience: 'some', belay: 'Sam Morgan' } },
      },
    ]);
    expect(await screen.findByText(/Signed on 24\/11\/2026 14:31/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I agree' })).not.toBeInTheDocument();
  });

  it("shows the server's answer messages under the question", async () => {
    const state = installWaiverHandlers({
      rejectNextSign: {
        message: 'Please choose one of the answers.',
        errors: { 'answers.experience': ['Please choose one of the answers.'] },
      },
    });
    const user = userEvent.setup();
    renderRoutes(accountRoutes, {
      path: '/user-details/waivers/climbing-wall-enhanced-waiver',
      site: 'account',
    });
    await user.click(await screen.findByRole('radio', { name: 'Never' }));
    await user.type(screen.getByRole('textbox', { name: /Who will belay you/ }), 'Sam');
    await user.click(screen.getByRole('button', { name: 'I agree' }));
    const group = screen.getByRole('group', { name: /Have you climbed/ });
    expect(await within(group).findByText('Please choose one of the answers.')).toBeInTheDocument();
    expect(state.signRequests).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'I agree' })).toBeEnabled();
  });

  it("an expired waiver says 'This waiver has expired' and offers I agree to sign again", async () => {
    const state = installWaiverHandlers();
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/user-details/waivers/pool-safety-rules', site: 'account' });
    expect(await screen.findByText('This waiver has expired')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I agree' }));
    await waitFor(() => expect(screen.queryByText('This waiver has expired')).not.toBeInTheDocument());
    expect(state.signRequests).toEqual([{ slug: 'pool-safety-rules', body: { answers: {} } }]);
  });

  it("an unknown waiver shows 'Could not find this waiver.'", async () => {
    installWaiverHandlers();
    renderRoutes(accountRoutes, { path: '/user-details/waivers/nope', site: 'account' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Could not find this waiver.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my waivers' })).toHaveAttribute(
      'href',
      '/user-details/waivers',
    );
  });
});
