import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Each test starts a fresh tab: kiosk and embedded modes, the served customer and the session the
// tab reloaded for (shared/session/reload-once.ts) live in sessionStorage.
afterEach(() => window.sessionStorage.clear());
