import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { beforeEach, expect, it, vi } from 'vitest';
import { KioskStartOver, kioskClearAfterPromptMs } from '../../features/joining/components/kiosk-start-over';
import { mockClient } from '../../mocks/fixtures';
import { hasSessionCookie } from '../../shared/session/session';
import { installMockApi, startMockSession } from '../../test/mock-api';
import { renderElement, renderRoutes } from '../../test/render';
import { joiningRoutes } from './routes';

const server = installMockApi();

beforeEach(() => {
  toast.dismiss();
});

it('prompts after the idle time and clears 5 s later unless the user stays', async () => {
  const user = userEvent.setup();
  const onClear = vi.fn();
  renderElement(<KioskStartOver idleMs={50} onClear={onClear} />, { site: 'joining' });
  expect(await screen.findByRole('dialog', { name: 'Are you still there?' })).toBeVisible();
  await user.click(screen.getByRole('button', { name: "I'm still here" }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(onClear).not.toHaveBeenCalled();

  // Idle again: the prompt comes back, and this time the form is cleared.
  expect(await screen.findByRole('dialog', { name: 'Are you still there?' })).toBeVisible();
  await waitFor(() => expect(onClear).toHaveBeenCalledTimes(1), { timeout: kioskClearAfterPromptMs + 1_000 });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}, 10_000);

it('kiosk joining: an idle kiosk clears the form and logs the user out', async () => {
  server.use(
    http.get('*/api/client', () =>
      HttpResponse.json({ data: { ...mockClient, online_joining_map_enabled: false, kiosk_idle_ms: 200 } }),
    ),
  );
  startMockSession();
  const user = userEvent.setup();
  renderRoutes(joiningRoutes, {
    site: 'joining',
    path: '/kiosk/?kiosk=true&centre=leeds-riverside',
    modes: { kiosk: true },
  });
  await user.click(await screen.findByRole('button', { name: 'Select Gold' }, { timeout: 5_000 }));
  await waitFor(() =>
    expect(screen.getByRole('button', { name: /Your details/ })).toHaveAttribute('aria-expanded', 'true'),
  );

  expect(await screen.findByRole('dialog', { name: 'Are you still there?' })).toBeVisible();
  expect(
    await screen.findByText(
      'Joining form cleared due to inactivity',
      {},
      { timeout: kioskClearAfterPromptMs + 1_000 },
    ),
  ).toBeVisible();
  await waitFor(() => expect(hasSessionCookie()).toBe(false));
  expect(screen.getByRole('button', { name: /Membership selection/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(screen.getByRole('button', { name: /Your details/ })).toHaveAttribute('aria-expanded', 'false');
}, 15_000);
