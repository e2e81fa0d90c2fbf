import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { DirectDebitProvider } from './direct-debit-provider';
import { SandboxDirectDebitProvider } from './sandbox-direct-debit-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** Direct debit mandates and collections: the adapter chosen by DIRECT_DEBIT_PROVIDER. */
    directDebitProvider: DirectDebitProvider;
  }
}

/** The direct debit provider chosen by settings. */
function createDirectDebitProvider(config: Config): DirectDebitProvider {
  switch (config.providers.directDebit) {
    case 'sandbox':
      return new SandboxDirectDebitProvider();
  }
}

/** Decorates `app.directDebitProvider`. */
export function installDirectDebitProvider(app: FastifyInstance, config: Config): DirectDebitProvider {
  const provider = createDirectDebitProvider(config);
  app.decorate('directDebitProvider', provider);
  return provider;
}
