import { screen, waitFor } from '@testing-library/react';

/**
 * A toast as a user sees it: its text, inside a toast that has finished appearing. Sonner draws a
 * new toast at opacity 0 and marks it mounted an effect later; under load a test can find the text
 * between the two, and `toBeVisible()` then fails on a toast that is about to show (a CI flake).
 */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = screen.getByText(text).closest<HTMLElement>('[data-sonner-toast]');
    if (!toast) throw new Error(`"${String(text)}" is not in a toast`);
    if (toast.dataset.mounted !== 'true') throw new Error(`The toast "${String(text)}" is still appearing`);
    return toast;
  });
}
