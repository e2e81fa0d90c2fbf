import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { isRaceError } from './db/locks';
import {
  databaseRetryAfterSeconds,
  databaseUnavailableMessage,
  isDatabaseUnavailable,
} from './db/unavailable';
import { AppError, defaultMessages, type FieldErrors } from './errors';
import { installJobs, type Jobs } from './jobs';
import { createDomainEvents, type DomainEvents } from './lib/domain-events';
import type { EventLoopLoad } from './lib/event-loop-load';
import { lazyRequestLogger } from './lib/lazy-request-logger';
import { safeError, safeRequest } from './lib/log-safety';
import { installJsonBodyParser, refuseControlCharacters, validatorCompiler } from './lib/request-input';
import { logSecurityEvent, requestFields } from './lib/security-events';
import { accountSummaryRoutes } from './modules/account-summary/account-summary.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { installAuditTrail } from './modules/audit/audit-trail';
import { staffChangeOf } from './modules/audit/staff-change';
import { authRoutes } from './modules/auth/auth.routes';
import { wereTermsAccepted } from './modules/auth/auth.service';
import { availabilityRoutes } from './modules/availability/availability.routes';
import { basketRoutes } from './modules/basket/basket.routes';
import { basketTermContexts } from './modules/basket/basket.service';
import { createHoldKeeper, type HoldKeeper } from './modules/basket/holds.service';
import { addOfferedLine } from './modules/basket/offered-line.service';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { cancellationsRoutes } from './modules/cancellations/cancellations.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { directDebitRoutes } from './modules/direct-debit/direct-debit.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { eligibilityDocumentsRoutes } from './modules/eligibility-documents/eligibility-documents.routes';
import { freezeTypeSetupRoutes } from './modules/freezes/freeze-type-setup.routes';
import { freezesRoutes } from './modules/freezes/freezes.routes';
import { frontOfHouseRoutes } from './modules/front-of-house/front-of-house.routes';
import { geocodingRoutes } from './modules/geocoding/geocoding.routes';
import { guestPassesRoutes } from './modules/guest-passes/guest-passes.routes';
import { healthRoutes } from './modules/health/health.routes';
import type { Readiness } from './modules/health/readiness';
import { joiningRoutes } from './modules/joining/joining.routes';
import { questionSetupRoutes } from './modules/joining/question-setup.routes';
import { devMailboxRoutes } from './modules/mail/mail.routes';
import { createMailer, type Mailer } from './modules/mail/mail.service';
import { membershipCatalogueRoutes } from './modules/membership-catalogue/membership-catalogue.routes';
import { membershipSetupRoutes } from './modules/membership-catalogue/membership-setup.routes';
import { membershipLifecycleRoutes } from './modules/membership-lifecycle/membership-lifecycle.routes';
import { myMembershipsRoutes } from './modules/my-memberships/my-memberships.routes';
import { describeMyMembership } from './modules/my-memberships/my-memberships.service';
import { operatorRoutes } from './modules/operator/operator.routes';
import { operatorSetupRoutes } from './modules/operator/operator-setup.routes';
import { venueSetupRoutes } from './modules/operator/venue-setup.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { priceChangeRoutes } from './modules/price-changes/price-changes.routes';
import { promotionSetupRoutes } from './modules/promotions/promotion-setup.routes';
import { promotionRoutes } from './modules/promotions/promotions.routes';
import {
  carriesSession,
  clearDeadSessionCookies,
  installSessions,
  secureTransport,
} from './modules/session/session';
import { installSitePages } from './modules/site-pages/site-pages.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { catalogueSetupRoutes } from './modules/timetable/catalogue-setup.routes';
import { timetableSetupRoutes } from './modules/timetable/timetable-setup.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { venuesRoutes } from './modules/venues/venues.routes';
import { createWaitlistOffers } from './modules/waitlist/offers.service';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { waiversSetupRoutes } from './modules/waivers/waivers-setup.routes';
import { installDirectDebitProvider } from './providers/direct-debit/direct-debit-provider-factory';
import { createGeocoder } from './providers/geocoding/geocoder';
import { installPaymentProvider } from './providers/payment/payment-provider-factory';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Where logs go instead of stdout (tests that read the logs). */
  logStream?: { write(line: string): void };
  /**
   * Whether the process has time to spare for pages' first views (lib/event-loop-load.ts); tests
   * give their own, as the load of a test worker is not the product's to judge.
   */
  eventLoopLoad?: EventLoopLoad;
  /** Turned by the shutdown (server.ts) before anything closes: GET /api/health/ready then answers 503. */
  readiness?: Readiness;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the product's emails (SMTP, or the outbox the dev mailbox shows). */
    mailer: Mailer;
    /** Domain events: one module announces, others react without being imported (lib/domain-events). */
    events: DomainEvents;
    /** Releases run-out basket holds and offers freed places to waitlists (docs/decisions/007). */
    holdKeeper: HoldKeeper;
    /** Submits due direct debit collections and follows mandates (docs/decisions/009). */
    collectionsJob: Jobs['collections'];
    /** Every periodic job: each can run once now (tests, the staff tool). */
    jobs: Jobs['all'];
  }
}

/** Wire names of the fields a zod issue path points at: `items.0.id` -> `items.0.id`. */
function fieldName(pathParts: PropertyKey[]): string {
  return pathParts.map(String).join('.') || 'body';
}

function validationErrors(error: FastifyError): FieldErrors {
  const errors: FieldErrors = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const instancePath = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const key = instancePath || fieldName([]);
      const message = issue.message ?? 'Invalid value.';
      errors[key] = [...(errors[key] ?? []), message];
    }
  }
  return errors;
}

/** True for PostgreSQL's data exceptions (SQLSTATE 22xxx), wherever drizzle wrapped them. */
function isDataException(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

function sendError(reply: FastifyReply, status: number, message: string, errors?: FieldErrors) {
  return reply.status(status).send(errors ? { message, errors } : { message });
}

function webDistDir(config: Config): string | undefined {
  const candidates = config.webDistDir
    ? [config.webDistDir]
    : (() => {
        const here = path.dirname(fileURLToPath(import.meta.url));
        return [path.resolve(here, '../../web/dist'), path.resolve(here, '../../../apps/web/dist')];
      })();
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')));
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The policy of an answer that is not a document (OWASP's for APIs). */
const apiCsp = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy of a document: only the server's own scripts, and the one inline script a page names
 * by its hash (a server-rendered page's cover until its app starts: modules/site-pages).
 */
function documentPolicy(config: Config, scriptHash?: string): string {
  return [
    "default-src 'self'",
    scriptHash ? `script-src 'self' ${scriptHash}` : "script-src 'self'",
    // React and the toast library set inline styles at run time; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${config.frameAncestors}`,
  ].join('; ');
}

function securityHeaders(config: Config) {
  const csp = documentPolicy(config);
  return (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-content-type-options', 'nosniff');
    // A JSON answer (or none) is never a document: nothing in it runs, loads or is framed, so its
    // policy allows nothing, and the document-only headers stay off the API's every answer (~500
    // bytes each, on the theme's hot path; issue 16). A route's own policy is kept (the card frame's
    // names who may embed it).
    const own = reply.hasHeader('content-security-policy');
    const type = reply.getHeader('content-type');
    if (type === undefined || String(type).startsWith('application/json')) {
      if (!own) reply.header('content-security-policy', apiCsp);
    } else {
      if (!own) reply.header('content-security-policy', csp);
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('permissions-policy', 'geolocation=(self), camera=(self), microphone=()');
    }
    if (secureTransport(config, request)) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  };
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    // A hop count trusts that many proxies from the right of X-Forwarded-For (what Fastify does for a
    // number, written as its function form because its types list no number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    },
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            // A failed query's parameters are personal data: errors are logged without them.
            // Nor a request's query (personal data: searches, postcodes) or a token in its path.
            serializers: { err: safeError, req: safeRequest },
            // Never log credentials: the session cookie, bearer tokens, CSRF tokens.
            redact: {
              // Card data (only the sandbox's /sandbox-pay/ routes ever receive it) is never logged
              // either: Fastify does not log bodies, and these paths catch one logged by mistake.
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.headers["x-xsrf-token"]',
                'req.body.card_number',
                'req.body.cvc',
                'body.card_number',
                'body.cvc',
                '*.card_number',
                '*.cvc',
                // Bank account numbers (the direct debit validation body) likewise.
                'req.body.account_number',
                'body.account_number',
                '*.account_number',
                '*.accountNumber',
                '*.*.account_number',
                '*.*.accountNumber',
              ],
              censor: '[redacted]',
            },
          },
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Leisure customer API',
        version: '1.0.0',
        description:
          'The API behind the bookings, my-account and online-joining sub-sites. Keys are snake_case. ' +
          'Errors: 422 `{message, errors: {field: [..]}}`, 401 no session, 403 not allowed, 404 not found, ' +
          '409 retryable conflict, 419 session or CSRF check failed, 429 too many attempts.',
      },
      tags: [
        { name: 'health', description: 'Liveness and database state.' },
        { name: 'operator', description: 'Theme, client settings, footer, terms and data-field forms.' },
        { name: 'auth', description: 'Login, logout, registration and password reset.' },
        { name: 'my-account', description: "The signed-in customer's own data." },
        { name: 'cart', description: 'The basket: places held, credit, waitlists.' },
        { name: 'checkout', description: 'Card, credit and front-of-house payment of the basket.' },
        { name: 'front-of-house', description: 'Staff acting for a customer.' },
        {
          name: 'online-joining',
          description: 'Membership types, prices, promotion codes, questions, venues and joining.',
        },
      ],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: `${config.cookie.prefix}_session` },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // Built once: the CSP string is the same for every answer.
  const applySecurityHeaders = securityHeaders(config);
  // Callback hooks, not async ones: they run on every request, the theme's hot path included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // On sending: the headers follow what the answer is (a document or not), known only by then.
  app.addHook('onSend', (request, reply, payload, done) => {
    applySecurityHeaders(request, reply);
    // An answer to a signed-in caller may hold their own data: kept by no cache, the browser's disk
    // included, unless its route chose a policy of its own (decision 044-personal-answers-no-store).
    if (!reply.hasHeader('cache-control') && carriesSession(config, request)) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  installJsonBodyParser(app);
  app.addHook('preValidation', refuseControlCharacters);
  // Refusals are security events (ASVS 7.2): who was turned away from what, never with the query.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const event =
      status === 403
        ? 'access.denied'
        : status === 419
          ? 'csrf.refused'
          : status === 429
            ? 'rate.limited'
            : null;
    const user = request.authState?.user;
    if (event) logSecurityEvent(request.log, event, { ...requestFields(request), status, userId: user?.id });
    // So is every change a staff user makes (acting for a customer, reviewing, crediting), with its outcome.
    if (user && user.role !== 'customer' && !safeMethods.has(request.method)) {
      logSecurityEvent(request.log, 'staff.action', {
        ...requestFields(request),
        status,
        actorUserId: user.id,
      });
    }
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 401) clearDeadSessionCookies(config, request, reply);
      return sendError(reply, error.status, error.message, error.errors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error);
      return sendError(reply, 422, Object.values(errors)[0]?.[0] ?? defaultMessages.validation, errors);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(reply, 500, 'Something has gone wrong, please try again.');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, bad content type).
      const message = status === 404 ? defaultMessages.not_found : error.message;
      return sendError(
        reply,
        status === 400 ? 422 : status,
        message,
        status === 400 ? { body: [message] } : undefined,
      );
    }
    if (isDataException(error)) {
      // PostgreSQL refused a value itself (SQLSTATE class 22: out of range, bad date, bad text): the
      // input was bad, whatever check missed it. Logged, so the missing check gets written.
      request.log.warn({ err: error }, 'data exception answered as 422');
      return sendError(reply, 422, defaultMessages.validation);
    }
    if (isRaceError(error)) {
      // A row lock waited past its time (db/locks.ts) or a serialisation lost: nothing was written.
      request.log.warn({ err: error }, 'lost race answered as 409');
      return sendError(reply, 409, defaultMessages.conflict);
    }
    if (isDatabaseUnavailable(error)) {
      // A statement past its timeout, a full pool queue, a database that cannot be reached: busy, not broken.
      request.log.warn({ err: error }, 'database unavailable answered as 503');
      reply.header('retry-after', String(databaseRetryAfterSeconds));
      return sendError(reply, 503, databaseUnavailableMessage);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 'Something has gone wrong, please try again.');
  });

  const db = deps.database.db;
  const mailer = createMailer(db, config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.settled();
    mailer.close();
  });
  app.decorate('events', createDomainEvents(app.log));
  installSessions(app, db, config);
  installAuditTrail(app, db);
  await installPaymentProvider(app, config, db);
  const directDebitProvider = installDirectDebitProvider(app, config);

  await app.register(healthRoutes, { prefix: '/api', database: deps.database, readiness: deps.readiness });
  await app.register(operatorRoutes, { prefix: '/api', db, config, basketTermContexts });
  // The console's set-up changes: the staff user's scope and audit log, which sit above the operator.
  const setupChangeOf = staffChangeOf(db, config);
  await app.register(venueSetupRoutes, { prefix: '/api', db, config, staffChangeOf: setupChangeOf });
  await app.register(catalogueSetupRoutes, { prefix: '/api', db, config, staffChangeOf: setupChangeOf });
  await app.register(operatorSetupRoutes, {
    prefix: '/api',
    db,
    config,
    actorOf: setupChangeOf,
    wereTermsAccepted,
  });
  await app.register(waiversSetupRoutes, { prefix: '/api', db, config });
  await app.register(authRoutes, { prefix: '/api', db, config, mailer });
  await app.register(staffRoutes, { prefix: '/api', db, config, mailer });
  await app.register(auditRoutes, { prefix: '/api', db, config });
  await app.register(accountSummaryRoutes, { prefix: '/api', db, config });
  // The waitlist offers freed places through the basket's port; the basket's hold keeper tells it of
  // released offers and freed places (docs/decisions/057).
  const waitlistOffers = createWaitlistOffers({
    db,
    config,
    mailer,
    log: app.log,
    basket: { addOfferedLine: (tx, line) => addOfferedLine(tx, config, line) },
  });
  const holds = createHoldKeeper({ db, config, log: app.log, events: app.events, waitlist: waitlistOffers });
  app.decorate('holdKeeper', holds);
  await app.register(venuesRoutes, { prefix: '/api', db, config });
  await app.register(timetableSetupRoutes, { prefix: '/api', db, config, mailer });
  await app.register(availabilityRoutes, { prefix: '/api', db, config, holds });
  await app.register(basketRoutes, { prefix: '/api', db, config, holds });
  await app.register(waitlistRoutes, { prefix: '/api', db, config, holds });
  await app.register(checkoutRoutes, { prefix: '/api', db, config, holds });
  await app.register(frontOfHouseRoutes, { prefix: '/api', db, config, holds });
  await app.register(directDebitRoutes, { prefix: '/api', db, config });
  const jobs = installJobs(app, {
    db,
    config,
    holds,
    directDebitProvider,
    embedded: deps.database.kind === 'pglite',
  });
  app.decorate('collectionsJob', jobs.collections);
  app.decorate('jobs', jobs.all);
  await app.register(membershipCatalogueRoutes, { prefix: '/api', db, config });
  await app.register(membershipSetupRoutes, { prefix: '/api', db, config });
  await app.register(promotionRoutes, { prefix: '/api', db, config });
  await app.register(promotionSetupRoutes, { prefix: '/api', db, config });
  await app.register(priceChangeRoutes, { prefix: '/api', db, config, mailer });
  await app.register(joiningRoutes, { prefix: '/api', db, config });
  await app.register(questionSetupRoutes, { prefix: '/api', db, config });
  await app.register(membershipLifecycleRoutes, { prefix: '/api', db, config });
  // The my-account area (issue 5): one plugin per part, each owning its routes and jobs.
  await app.register(uploadsRoutes, { prefix: '/api', db, config });
  await app.register(bookingsRoutes, { prefix: '/api', db, config, mailer });
  await app.register(guestPassesRoutes, { prefix: '/api', db, config, mailer });
  await app.register(myMembershipsRoutes, { prefix: '/api', db, config });
  await app.register(cancellationsRoutes, {
    prefix: '/api',
    db,
    config,
    // The answer after cancelling shows the membership as the list does (the list sits above).
    describeMembership: (membershipId) => describeMyMembership({ db, config }, membershipId),
  });
  await app.register(eligibilityDocumentsRoutes, { prefix: '/api', db, config });
  await app.register(freezesRoutes, { prefix: '/api', db, config, mailer });
  await app.register(freezeTypeSetupRoutes, { prefix: '/api', db, config });
  await app.register(documentsRoutes, { prefix: '/api', db, config, mailer });
  await app.register(paymentsRoutes, { prefix: '/api', db, config, mailer });
  await app.register(geocodingRoutes, {
    prefix: '/api',
    geocoder: createGeocoder(config.providers),
  });
  if (config.devMailbox) await app.register(devMailboxRoutes, { db });

  const docs = { config: { access: 'public' }, schema: { hide: true } } as const;
  app.get('/api/docs', docs, async () => app.swagger());
  app.get('/api/docs/openapi.json', docs, async () => app.swagger());

  const webRoot = webDistDir(config);
  if (webRoot) {
    await installSitePages(app, {
      config,
      db,
      webRoot,
      eventLoopLoad: deps.eventLoopLoad,
      pagePolicy: (scriptHash) => documentPolicy(config, scriptHash),
    });
  } else {
    app.setNotFoundHandler((_request, reply) => sendError(reply, 404, defaultMessages.not_found));
  }

  return app;
}
