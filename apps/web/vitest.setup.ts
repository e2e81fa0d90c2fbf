import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's first find waits for its lazily loaded route, which Vite transforms on first import: on
// CI's two busy cores that passed Testing Library's 1 s default. A missing element still fails, later.
configure({ asyncUtilTimeout: 10_000 });

// Each test starts a fresh tab: kiosk and embedded modes, the served customer and the session the
// tab reloaded for (shared/session/reload-once.ts) live in sessionStorage.
afterEach(() => window.sessionStorage.clear());
