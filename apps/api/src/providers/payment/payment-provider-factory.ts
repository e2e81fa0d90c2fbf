import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { siteOriginsAt } from '../../lib/public-urls';
import type { PaymentProvider } from './payment-provider';
import { sandboxPayRoutes } from './sandbox-pay.routes';
import { SandboxPaymentProvider } from './sandbox-payment-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** Takes card payments: the adapter chosen by PAYMENT_PROVIDER (config.providers.payment). */
    paymentProvider: PaymentProvider;
  }
}

/** The card provider chosen by settings. */
function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  switch (config.providers.payment) {
    case 'sandbox':
      return new SandboxPaymentProvider({
        secret: config.providers.sandboxPaySecret,
        // The frame is served by this server; our sub-sites' pages, wherever they are, may embed it.
        parentOrigins: (servedOn) => siteOriginsAt(config.publicUrls, servedOn),
        db,
        fault: config.providers.sandboxPayFault,
      });
  }
}

/** Decorates `app.paymentProvider`; the sandbox also mounts its stand-in servers at `/sandbox-pay/`. */
export async function installPaymentProvider(
  app: FastifyInstance,
  config: Config,
  db: Database,
): Promise<PaymentProvider> {
  const provider = createPaymentProvider(config, db);
  app.decorate('paymentProvider', provider);
  if (provider instanceof SandboxPaymentProvider) {
    await app.register(sandboxPayRoutes, { prefix: '/sandbox-pay', provider });
  }
  return provider;
}
