import { screen, waitFor } from '@testing-library/react';

/**
 * A dialog once it takes pointer input, as a user finds it. Radix blocks the page
 * (`pointer-events: none` on the body) one render before it frees its own layer; a dialog whose code
 * loads lazily opens outside React's act, so that render can lag behind the dialog's first paint and
 * a click in between is refused by user-event (a CI flake under load).
 */
export async function findDialog(name?: string | RegExp): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', name === undefined ? {} : { name });
  await waitFor(() => {
    if (!acceptsPointer(dialog)) throw new Error('The dialog does not take pointer input yet');
  });
  return dialog;
}

/** user-event's own rule: the nearest element that declares `pointer-events` decides. */
function acceptsPointer(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const value = getComputedStyle(node).pointerEvents;
    if (value && value !== 'inherit' && value !== 'unset') return value !== 'none';
  }
  return true;
}
