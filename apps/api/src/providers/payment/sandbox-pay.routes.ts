import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { requestOrigin } from '../../lib/public-urls';
import { checkCard } from './sandbox-card';
import { frameAssetVersions, frameCss, frameHtml, frameJs, refusedHtml } from './sandbox-frame-assets';
import type { SandboxPaymentProvider } from './sandbox-payment-provider';

/**
 * Stands in for the card provider's own servers, mounted at `/sandbox-pay/`: the card form page
 * (embedded by our checkout in an iframe), tokenisation and the 3-D Secure challenge. Our API
 * proper (`/api/...`) never sees a card number; only these routes do, as a real provider's would,
 * and they keep nothing: tokens and challenge ids are signed, not stored.
 */

const zCardBody = z.object({
  card_number: z.string().max(40),
  expiry_month: z.coerce.number(),
  expiry_year: z.coerce.number(),
  cvc: z.string().max(8),
  name: z.string().max(100),
});

const zCard = z.object({
  brand: z.string(),
  last4: z.string(),
  expiry_month: z.number().int(),
  expiry_year: z.number().int(),
});

const zTokenAnswer = z.object({ token: z.string(), card: zCard });
const zChallengeAnswer = z.object({ challenge_id: z.string() });
const zError = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

function frameCsp(parents: string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    // Only our own pages may embed the card form.
    `frame-ancestors ${parents.join(' ')}`,
  ].join('; ');
}

export const sandboxPayRoutes: FastifyPluginAsyncZod<{ provider: SandboxPaymentProvider }> = async (
  app,
  { provider },
) => {
  const signer = provider.signer;

  app.get(
    '/frame',
    {
      schema: {
        hide: true,
        querystring: z.object({ origin: z.string().max(300).optional() }),
      },
    },
    async (request, reply) => {
      // Our pages on the host this frame was asked for; a browser always names a plain host.
      const servedOn = requestOrigin(request);
      reply
        .header('content-security-policy', frameCsp(servedOn ? provider.parentOrigins(servedOn) : ["'none'"]))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8');
      const origin = request.query.origin ?? '';
      if (!servedOn || !provider.acceptsParent(origin, servedOn)) return reply.status(400).send(refusedHtml);
      return reply.send(frameHtml(origin));
    },
  );

  app.get('/frame.js', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return reply
      .header(
        'cache-control',
        query.v === frameAssetVersions.js ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      .type('text/javascript; charset=utf-8')
      .send(frameJs);
  });

  app.get('/frame.css', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return reply
      .header(
        'cache-control',
        query.v === frameAssetVersions.css ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
      .type('text/css; charset=utf-8')
      .send(frameCss);
  });

  app.post(
    '/tokens',
    {
      schema: {
        hide: true,
        body: zCardBody,
        response: { 200: z.union([zTokenAnswer, zChallengeAnswer]), 422: zError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const check = checkCard(request.body);
      if (!check.ok) {
        throw AppError.validation(check.errors, 'Check your card details.');
      }
      if (check.needsChallenge) return { challenge_id: signer.issueChallenge(check.card) };
      const { behaviour: _behaviour, ...card } = check.card;
      return { token: signer.issueToken(check.card), card };
    },
  );

  app.post(
    '/challenges/:challengeId',
    {
      schema: {
        hide: true,
        params: z.object({ challengeId: z.string().max(2000) }),
        body: z.object({ outcome: z.enum(['pass', 'fail']) }),
        response: { 200: zTokenAnswer, 422: zError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const pending = signer.readChallenge(request.params.challengeId);
      if (!pending || request.body.outcome === 'fail') {
        throw new AppError('validation', 'Authentication failed');
      }
      const { behaviour: _behaviour, ...card } = pending;
      return { token: signer.issueToken(pending), card };
    },
  );
};
