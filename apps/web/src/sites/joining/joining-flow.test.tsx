import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { beforeEach, expect, it } from 'vitest';
import { mockClient } from '../../mocks/fixtures';
import { installMockApi, startMockSession } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { findToast } from '../../test/toasts';
import { joiningRoutes } from './routes';

const server = installMockApi();

beforeEach(() => {
  toast.dismiss();
  window.dataLayer = [];
  server.use(
    http.get('*/api/client', () =>
      HttpResponse.json({ data: { ...mockClient, online_joining_map_enabled: false } }),
    ),
  );
});

function headingTexts() {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => {
    const button = within(heading).getByRole('button');
    const number = button.querySelector('.flow-section-number')?.textContent;
    return `${number}. ${button.textContent?.replace(/^\d+Step \d+: /, '')}`;
  });
}

it('lists the centres as cards when the map is off, and choosing one opens its page', async () => {
  const user = userEvent.setup();
  const { router } = renderRoutes(joiningRoutes, { site: 'joining', path: '/' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Buy a membership' })).toBeVisible();
  // The heading shows while the flow loads; its first section follows.
  const centre = await screen.findByRole('button', { name: /Choose your home centre/ });
  expect(centre).toHaveAttribute('aria-expanded', 'true');
  await user.click(await screen.findByRole('button', { name: 'Select York Ouse Bank Leisure Centre' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/centre/york-ouse-bank'));
  expect(await screen.findByRole('button', { name: /Membership selection/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(window.dataLayer).toContainEqual({
    event: 'memberships_progress',
    stepNumber: 1,
    stepName: 'select centre',
  });
});

it('filters memberships by payment type and category', async () => {
  const user = userEvent.setup();
  renderRoutes(joiningRoutes, { site: 'joining', path: '/centre/leeds-riverside' });
  const list = await screen.findByRole('list', { name: 'Memberships' });
  const names = () =>
    within(screen.getByRole('list', { name: 'Memberships' }))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
  expect(
    within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent),
  ).toEqual(['Gold', 'Student Swim']);
  expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  expect(screen.getByText('£35.00 per month')).toBeVisible();
  expect(screen.getByText('Guest passes: 2 per month')).toBeVisible();
  // The description is sanitised: no handler survives.
  expect(document.querySelector('[onerror]')).toBeNull();

  await user.selectOptions(screen.getByRole('combobox', { name: 'Membership type' }), 'Student');
  expect(names()).toEqual(['Student Swim']);

  await user.click(screen.getByRole('radio', { name: 'Single payment' }));
  expect(screen.queryByRole('list', { name: 'Memberships' })).not.toBeInTheDocument();
  expect(screen.getByText('No memberships found')).toBeVisible();

  await user.selectOptions(screen.getByRole('combobox', { name: 'Membership type' }), 'All types');
  // Junior Gym gives access to York only, so Leeds shows the single-payment Gold alone.
  expect(names()).toEqual(['Gold']);
  expect(screen.getByText('£350.00 for 12 months')).toBeVisible();
});

it('a deep link preselects the membership and opens Your details', async () => {
  renderRoutes(joiningRoutes, { site: 'joining', path: '/centre/leeds-riverside/membership/gold/recurring' });
  await waitFor(() =>
    expect(screen.getByRole('button', { name: /Your details/ })).toHaveAttribute('aria-expanded', 'true'),
  );
  expect(screen.getByText('Gold, £35.00 per month')).toBeVisible();
  // Gold has questions and is paid monthly by a visitor: all eight sections.
  await waitFor(() => expect(headingTexts()).toHaveLength(8));
  expect(headingTexts()).toEqual([
    '1. Choose your home centre',
    '2. Membership selection',
    '3. Your details',
    '4. Additional details',
    '5. Review & select dates',
    '6. Monthly payment',
    '7. Confirm your details',
    '8. Checkout',
  ]);
  expect(screen.getByRole('button', { name: 'Edit Membership selection' })).toBeVisible();
  expect(window.dataLayer).toContainEqual(
    expect.objectContaining({
      event: 'memberships_progress',
      stepNumber: 2,
      stepName: 'select membership',
      items: [expect.objectContaining({ item_name: 'Gold' })],
    }),
  );
  expect(window.dataLayer).toContainEqual(
    expect.objectContaining({ event: 'memberships_progress', stepNumber: 3, stepName: 'your details' }),
  );
});

it('renumbers the sections for a single payment with no questions', async () => {
  renderRoutes(joiningRoutes, {
    site: 'joining',
    path: '/centre/york-ouse-bank/membership/junior-gym/fixed',
  });
  await waitFor(() =>
    expect(screen.getByRole('button', { name: /Your details/ })).toHaveAttribute('aria-expanded', 'true'),
  );
  await waitFor(() =>
    expect(headingTexts()).toEqual([
      '1. Choose your home centre',
      '2. Membership selection',
      '3. Your details',
      '4. Review & select dates',
      '5. Checkout',
    ]),
  );
});

it.each([
  ['a missing membership', '/centre/leeds-riverside/membership/platinum/recurring'],
  ['a bad payment type', '/centre/leeds-riverside/membership/gold/weekly'],
])('a deep link to %s says so and goes back to the centre page', async (_, path) => {
  const { router } = renderRoutes(joiningRoutes, { site: 'joining', path });
  expect(await findToast('Could not find selected membership')).toBeVisible();
  await waitFor(() => expect(router.state.location.pathname).toBe('/centre/leeds-riverside'));
  expect(screen.getByRole('button', { name: /Membership selection/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});

it('choosing a card moves to the deep link and keeps the flow', async () => {
  const user = userEvent.setup();
  const { router } = renderRoutes(joiningRoutes, { site: 'joining', path: '/centre/leeds-riverside' });
  await user.click(await screen.findByRole('button', { name: 'Select Gold' }));
  await waitFor(() =>
    expect(router.state.location.pathname).toBe('/centre/leeds-riverside/membership/gold/recurring'),
  );
  await waitFor(() =>
    expect(screen.getByRole('button', { name: /Your details/ })).toHaveAttribute('aria-expanded', 'true'),
  );
  expect(await screen.findByLabelText(/First name/)).toBeVisible();
  expect(router.state.location.pathname).toBe('/centre/leeds-riverside/membership/gold/recurring');
  expect(screen.queryByText('Could not find selected membership')).not.toBeInTheDocument();
});

it('hides ineligible memberships from a signed-in user unless the venue lets them be shown', async () => {
  startMockSession();
  const user = userEvent.setup();
  renderRoutes(joiningRoutes, { site: 'joining', path: '/centre/leeds-riverside' });
  const toggle = await screen.findByRole('checkbox', { name: 'Show ineligible memberships' });
  const names = () =>
    within(screen.getByRole('list', { name: 'Memberships' }))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
  expect(names()).toEqual(['Gold']);

  await user.click(toggle);
  expect(names()).toEqual(['Gold', 'Student Swim']);
  expect(screen.getByText('You are not eligible for this membership')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Select Student Swim' })).toBeDisabled();
});

it('offers no ineligible toggle where the venue does not allow it', async () => {
  startMockSession();
  renderRoutes(joiningRoutes, { site: 'joining', path: '/centre/york-ouse-bank' });
  await screen.findByRole('button', { name: 'Select Gold' });
  expect(screen.queryByRole('checkbox', { name: 'Show ineligible memberships' })).not.toBeInTheDocument();
});
