import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { memo } from 'react';
import { expect, it } from 'vitest';
import { installMockApi, startMockSession } from '../../test/mock-api';
import { renderElement } from '../../test/render';
import { api } from '../api/client';
import { hasSessionCookie, useSession } from './session';

const server = installMockApi();

/** A part of a screen that stays mounted through logout and renders only when its query changes. */
const Answer = memo(function Answer() {
  const answer = useQuery({
    queryKey: ['screen-answer'],
    queryFn: () => api.get<{ data: string }>('api/screen-answer'),
  });
  return <p>{answer.data ? `Answer: ${answer.data.data}` : 'Loading'}</p>;
});

/** A screen that stays mounted through logout (as the kiosk's cleared joining form does). */
function Screen() {
  const { isLoggedIn, logout } = useSession();
  return (
    <>
      <p>{isLoggedIn ? 'Signed in' : 'Signed out'}</p>
      <Answer />
      <button type="button" onClick={() => void logout()}>
        Log out
      </button>
    </>
  );
}

it('logout resets the queries a mounted screen watches: they load again, as anonymous', async () => {
  let calls = 0;
  server.use(
    http.get('*/api/screen-answer', () => {
      calls += 1;
      return HttpResponse.json({ data: calls === 1 ? 'for the member' : 'for anyone' });
    }),
  );
  startMockSession();
  const user = userEvent.setup();
  renderElement(<Screen />);
  expect(await screen.findByText('Answer: for the member')).toBeVisible();
  expect(await screen.findByText('Signed in')).toBeVisible();

  await user.click(screen.getByRole('button', { name: 'Log out' }));
  expect(await screen.findByText('Signed out')).toBeVisible();
  // Removed, the entry would leave the screen on the member's answer with nothing loading it again.
  expect(await screen.findByText('Answer: for anyone')).toBeVisible();
  expect(calls).toBe(2);
  expect(hasSessionCookie()).toBe(false);
});
