import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The mock API for component tests: `server.use(...)` overrides a handler for one test. */
export const server = setupServer(...handlers);
