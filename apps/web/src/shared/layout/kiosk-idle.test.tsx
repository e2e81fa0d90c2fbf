import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from '../../mocks/fixtures';
import { installMockApi, startMockSession } from '../../test/mock-api';
import { renderElement } from '../../test/render';
import { KioskIdleLogout } from './kiosk-idle';

const server = installMockApi();

afterEach(() => {
  vi.useRealTimers();
});

function Kiosk({ navigate }: { navigate: (url: string) => void }) {
  return (
    <>
      <h1>Kiosk page</h1>
      <KioskIdleLogout navigate={navigate} />
    </>
  );
}

describe('kiosk idle logout', () => {
  it('logs out after the idle time without activity and goes to the kiosk home; activity resets it', async () => {
    server.use(
      http.get('*/api/client', () => HttpResponse.json({ data: { ...mockClient, kiosk_idle_ms: 1000 } })),
    );
    startMockSession();
    const logout = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/auth/logout')) logout();
    });
    const navigate = vi.fn();
    renderElement(<Kiosk navigate={navigate} />, { modes: { kiosk: true } });
    await screen.findByRole('heading', { name: 'Kiosk page' });
    // Wait for the user and the client settings (idle time 1,000 ms) to load.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));

    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    window.dispatchEvent(new Event('pointermove'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(navigate).not.toHaveBeenCalled();

    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/join/kiosk/?kiosk=true'), {
      timeout: 2000,
    });
    expect(logout).toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('does nothing outside kiosk mode', async () => {
    server.use(
      http.get('*/api/client', () => HttpResponse.json({ data: { ...mockClient, kiosk_idle_ms: 1000 } })),
    );
    const navigate = vi.fn();
    renderElement(<Kiosk navigate={navigate} />);
    await screen.findByRole('heading', { name: 'Kiosk page' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 1300)));
    expect(navigate).not.toHaveBeenCalled();
  });
});
