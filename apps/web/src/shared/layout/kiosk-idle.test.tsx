import { act, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from '../../mocks/fixtures';
import { installMockApi, startMockSession } from '../../test/mock-api';
import { renderElement } from '../../test/render';
import { useSession } from '../session/session';
import { KioskIdleLogout } from './kiosk-idle';

const server = installMockApi();
/** The operator's idle time (the spec's 90,000 ms), driven by fake timers rather than waited for. */
const idleMs = mockClient.kiosk_idle_ms;

beforeEach(() => {
  // The idle time passes by hand; the rest (MSW answers, waitFor) still runs in real time.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Lets `ms` of idle time pass at once, running the timers due on the way. */
async function idle(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function Kiosk({ navigate }: { navigate: (url: string) => void }) {
  const { isLoggedIn } = useSession();
  return (
    <>
      <h1>Kiosk page</h1>
      {isLoggedIn ? <p>Signed in</p> : null}
      <KioskIdleLogout navigate={navigate} />
    </>
  );
}

describe('kiosk idle logout', () => {
  it('logs out after the idle time without activity and goes to the kiosk home; activity resets it', async () => {
    startMockSession();
    const logout = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/auth/logout')) logout();
    });
    const navigate = vi.fn();
    renderElement(<Kiosk navigate={navigate} />, { modes: { kiosk: true } });
    await screen.findByText('Signed in');

    await idle(idleMs * 0.6);
    window.dispatchEvent(new Event('pointermove'));
    await idle(idleMs * 0.6);
    expect(navigate).not.toHaveBeenCalled();
    expect(logout).not.toHaveBeenCalled();

    // A full idle time after the last activity: logged out and sent to the kiosk home.
    await idle(idleMs * 0.4);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/join/kiosk/?kiosk=true'));
    expect(logout).toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('ends the session even when the idle time passes before the user call has answered', async () => {
    startMockSession();
    let answerUser = () => {};
    const userAnswered = new Promise<void>((resolve) => {
      answerUser = resolve;
    });
    const logout = vi.fn();
    server.use(
      http.get('*/api/auth/user', async () => {
        await userAnswered;
        return HttpResponse.json({ message: 'Too late' }, { status: 503 });
      }),
    );
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/auth/logout')) logout();
    });
    const navigate = vi.fn();
    renderElement(<Kiosk navigate={navigate} />, { modes: { kiosk: true } });
    await screen.findByText('Kiosk page');

    await idle(idleMs);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/join/kiosk/?kiosk=true'));
    expect(logout).toHaveBeenCalled();
    answerUser();
    server.events.removeAllListeners();
  });

  it('does nothing outside kiosk mode', async () => {
    startMockSession();
    const navigate = vi.fn();
    renderElement(<Kiosk navigate={navigate} />);
    await screen.findByText('Signed in');
    await idle(idleMs * 1.5);
    expect(navigate).not.toHaveBeenCalled();
  });
});
