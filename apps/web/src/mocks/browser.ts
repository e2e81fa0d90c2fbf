import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

/** Starts the mock API in the browser (VITE_MOCK_API=true); resolves once requests are intercepted. */
export async function startMockWorker(): Promise<void> {
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    // Fonts, scripts and translations are real files: let them through quietly.
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}
