import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  KioskStartOver,
  kioskClearAfterPromptMs,
  kioskPromptMs,
} from '../../features/joining/components/kiosk-start-over';
import { mockClient } from '../../mocks/fixtures';
import { hasSessionCookie } from '../../shared/session/session';
import { findDialog } from '../../test/dialogs';
import { installMockApi, startMockSession } from '../../test/mock-api';
import { renderElement, renderRoutes } from '../../test/render';
import { findToast } from '../../test/toasts';
import { joiningRoutes } from './routes';

const server = installMockApi();

beforeEach(() => {
  toast.dismiss();
  // The idle times are driven by hand; the rest (MSW answers, waitFor) still runs in real time.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Lets `ms` of idle time pass at once, running the timers due on the way. */
async function idle(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

it('prompts after the idle time and clears 5 s later unless the user stays', async () => {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const onClear = vi.fn();
  renderElement(<KioskStartOver idleMs={kioskPromptMs} onClear={onClear} />, { site: 'joining' });
  await idle(kioskPromptMs);
  expect(await findDialog('Are you still there?')).toBeVisible();
  await user.click(screen.getByRole('button', { name: "I'm still here" }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(onClear).not.toHaveBeenCalled();

  // Idle again: the prompt comes back, and this time the form is cleared.
  await idle(kioskPromptMs);
  expect(await findDialog('Are you still there?')).toBeVisible();
  expect(onClear).not.toHaveBeenCalled();
  await idle(kioskClearAfterPromptMs);
  expect(onClear).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('kiosk joining: an idle kiosk clears the form and logs the user out', async () => {
  server.use(
    http.get('*/api/client', () =>
      HttpResponse.json({
        data: { ...mockClient, online_joining_map_enabled: false, kiosk_idle_ms: kioskPromptMs },
      }),
    ),
  );
  startMockSession();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderRoutes(joiningRoutes, {
    site: 'joining',
    path: '/kiosk/?kiosk=true&centre=leeds-riverside',
    modes: { kiosk: true },
  });
  await user.click(await screen.findByRole('button', { name: 'Select Gold' }));
  await waitFor(() =>
    expect(screen.getByRole('button', { name: /Your details/ })).toHaveAttribute('aria-expanded', 'true'),
  );

  await idle(kioskPromptMs);
  expect(await findDialog('Are you still there?')).toBeVisible();
  await idle(kioskClearAfterPromptMs);
  expect(await findToast('Joining form cleared due to inactivity')).toBeVisible();
  await waitFor(() => expect(hasSessionCookie()).toBe(false));
  expect(screen.getByRole('button', { name: /Membership selection/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(screen.getByRole('button', { name: /Your details/ })).toHaveAttribute('aria-expanded', 'false');
});
