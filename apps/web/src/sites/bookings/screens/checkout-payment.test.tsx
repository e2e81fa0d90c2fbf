import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameAnswerTimeoutMs } from '../../../features/checkout/lib/frame-protocol';
import { mockCourtItem, resetMockBasket } from '../../../mocks/basket-handlers';
import { clearTenders } from '../../../shared/cart/offline-tenders';
import { findDialog } from '../../../test/dialogs';
import { installMockApi, startMockSession } from '../../../test/mock-api';
import {
  agreeToTerms,
  captureComplete,
  fakeFrame,
  fillBilling,
  frameOrigin,
  renderCheckout,
  serveStaffUser,
  tokenMessage,
} from './checkout-test-helpers';

installMockApi();
beforeEach(() => {
  resetMockBasket([mockCourtItem()]);
  window.sessionStorage.clear();
  clearTenders(900);
  startMockSession();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A frame that takes the page's messages and never answers (not loaded, or stuck). */
function silentFrame(): unknown[] {
  const frameWindow = (screen.getByTitle('Card details') as HTMLIFrameElement).contentWindow as Window;
  const posted: unknown[] = [];
  frameWindow.postMessage = ((message: unknown) => {
    posted.push(message);
  }) as Window['postMessage'];
  return posted;
}

/** The frame says it is ready, as the provider's form does once it is set up. */
function frameSaysReady(): void {
  const frameWindow = (screen.getByTitle('Card details') as HTMLIFrameElement).contentWindow as Window;
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: 'sandbox-pay:ready' },
      origin: frameOrigin,
      source: frameWindow,
    }),
  );
}

describe("'Pay now' never hangs on the card frame", () => {
  it('says the card form is not ready when the frame never answers, then lets the customer retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies = captureComplete();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderCheckout();
    const stuck = await screen.findByTitle('Card details');
    await agreeToTerms(user);
    await fillBilling(user);
    const posted = silentFrame();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(posted).toEqual([{ type: 'sandbox-pay:submit' }]);

    await act(() => vi.advanceTimersByTimeAsync(frameAnswerTimeoutMs));
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByRole('alert')).toHaveTextContent(
      'The card form is not ready, please try again.',
    );
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    expect(bodies).toHaveLength(0);

    // A frame that never said it was ready is loaded afresh; this one answers.
    const fresh = screen.getByTitle('Card details');
    expect(fresh).not.toBe(stuck);
    fakeFrame(tokenMessage);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ card: { token: 'tok_sbx_test' } });
  });

  it('asks a frame that loads late again once it is ready', async () => {
    const bodies = captureComplete();
    const user = userEvent.setup();
    renderCheckout();
    await screen.findByTitle('Card details');
    await agreeToTerms(user);
    await fillBilling(user);
    const early = silentFrame();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(early).toHaveLength(1);
    const later = fakeFrame(tokenMessage);
    frameSaysReady();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(later).toEqual([{ type: 'sandbox-pay:submit' }]);
  });

  it('keeps a ready frame (and what was typed in it) when it is only slow', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderCheckout();
    const frame = await screen.findByTitle('Card details');
    frameSaysReady();
    await agreeToTerms(user);
    await fillBilling(user);
    silentFrame();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await act(() => vi.advanceTimersByTimeAsync(frameAnswerTimeoutMs));
    expect(await screen.findByText('The card form is not ready, please try again.')).toBeInTheDocument();
    expect(screen.getByTitle('Card details')).toBe(frame);
  });
});

describe('the terms modal and focus', () => {
  it('gives focus back to what opened it, agreed or not: never to the card frame element', async () => {
    const user = userEvent.setup();
    renderCheckout();
    const frame = await screen.findByTitle('Card details');
    const openTerms = screen.getByRole('button', { name: 'Terms and Conditions' });
    await user.click(openTerms);
    const dialog = await findDialog('Terms and Conditions');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(openTerms).toHaveFocus();

    // Keyboard only: Space on the box, Enter on 'I Agree'; focus comes back to the ticked box.
    const box = screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
    box.focus();
    await user.keyboard(' ');
    const terms = await findDialog('Terms and Conditions');
    within(terms).getByRole('button', { name: 'I Agree' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box).toBeChecked();
    expect(box).toHaveFocus();
    expect(frame).not.toHaveFocus();
  });
});

describe('front-of-house tenders belong to the basket', () => {
  it('keeps them when staff leave checkout, keeps only credit after the basket changes, and shows the credit', async () => {
    serveStaffUser();
    const user = userEvent.setup();
    const first = renderCheckout();
    const fieldset = await screen.findByRole('group', { name: 'Take payment' });
    expect(within(fieldset).getByText("The customer's available credit: € 12.50")).toBeInTheDocument();
    const amount = () => screen.getByLabelText(/^Amount/);
    await user.type(amount(), '2');
    await user.click(screen.getByRole('button', { name: 'Add tender' }));
    await user.selectOptions(screen.getByLabelText('Tender type'), 'Credit');
    await user.type(amount(), '1');
    await user.click(screen.getByRole('button', { name: 'Add tender' }));
    const tenders = () => within(screen.getByRole('list', { name: 'Tenders' })).getAllByRole('listitem');
    expect(tenders()).toHaveLength(2);

    // Staff leave checkout and come back to the same basket: the tenders are still there.
    first.unmount();
    const second = renderCheckout();
    await waitFor(() => expect(tenders()).toHaveLength(2));
    second.unmount();

    // The basket changes meanwhile: only the credit tender stays.
    resetMockBasket([mockCourtItem(), mockCourtItem({ id: 702 })]);
    renderCheckout();
    await waitFor(() => expect(tenders()).toHaveLength(1));
    expect(tenders()[0]).toHaveTextContent(/^Credit: € 1\.00/);
  });
});
