import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { installMockApi, setTestCookie } from '../../test/mock-api';
import { renderElement } from '../../test/render';
import { ShellGate } from './shell-gate';

const server = installMockApi();

function Content() {
  return <h1>Content</h1>;
}

afterEach(() => {
  setTestCookie('selected_venue', null);
  document.documentElement.removeAttribute('style');
});

describe('shell gate (client, theme and fonts before the page)', () => {
  it('shows a spinner, then the page with the theme applied', async () => {
    renderElement(
      <ShellGate>
        <Content />
      </ShellGate>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { name: 'Content' })).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--colour-primary-500')).toBe('#0b5cad');
  });

  it("uses the selected venue's theme, and the operator's when the venue's fails", async () => {
    setTestCookie('selected_venue', 'york-ouse-bank');
    const { unmount } = renderElement(
      <ShellGate>
        <Content />
      </ShellGate>,
    );
    await screen.findByRole('heading', { name: 'Content' });
    expect(document.documentElement.style.getPropertyValue('--colour-primary-500')).toBe('#0b7a75');
    expect(document.documentElement.classList.contains('secondary-outline')).toBe(true);
    unmount();

    setTestCookie('selected_venue', 'closed-venue');
    renderElement(
      <ShellGate>
        <Content />
      </ShellGate>,
    );
    await screen.findByRole('heading', { name: 'Content' });
    expect(document.documentElement.style.getPropertyValue('--colour-primary-500')).toBe('#0b5cad');
  });

  it('a 503 theme answer shows the maintenance page', async () => {
    server.use(
      http.get('*/api/frontend/theme', () => HttpResponse.json({ message: 'Down' }, { status: 503 })),
    );
    renderElement(
      <ShellGate>
        <Content />
      </ShellGate>,
    );
    expect(await screen.findByRole('heading', { name: 'Service disruption' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Content' })).not.toBeInTheDocument();
  });

  it('another theme failure shows the error page', async () => {
    server.use(
      http.get('*/api/frontend/theme', () => HttpResponse.json({ message: 'Oops' }, { status: 500 })),
    );
    renderElement(
      <ShellGate>
        <Content />
      </ShellGate>,
    );
    expect(await screen.findByText('We may have dropped the ball on this one.')).toBeInTheDocument();
  });

  it('a client failure shows the not-found page', async () => {
    server.use(http.get('*/api/client', () => HttpResponse.json({ message: 'No' }, { status: 404 })));
    renderElement(
      <ShellGate>
        <Content />
      </ShellGate>,
    );
    await waitFor(() =>
      expect(screen.getByText("Whoops! Looks like you've gone offside.")).toBeInTheDocument(),
    );
  });
});
