import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the API reads, validated once at start-up. Nothing else in the API reads
 * process.env: pass `Config` down instead.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const url = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

/** The development defaults of the secrets: published in this repository, so refused in production. */
const developmentSecrets = {
  sandboxPay: 'sandbox-pay-development-secret-not-for-production',
  directDebitDetails: 'direct-debit-development-secret-not-for-production',
  staffMfa: 'staff-mfa-development-key-not-for-production',
};

/**
 * What `npm start` (the demo: `server.js --demo`) asks for unless the environment says otherwise:
 * development settings, the demo operator and members, the dev mailbox (docs/decisions/040).
 */
const demoDefaults: Readonly<Record<string, string>> = {
  NODE_ENV: 'development',
  SEED: 'true',
  DEV_MAILBOX: 'true',
};

const settingsShape = z.object({
  /**
   * Unset means production: a server put on the internet without thinking about it fails closed
   * (refuses unsafe settings below) rather than open (the dev mailbox, development secrets).
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Where uploaded files' bytes live: `database` (default: in PostgreSQL, which every replica
   * shares) or `disk` (under DATA_DIR/uploads: one machine only).
   */
  UPLOAD_STORE: z.enum(['database', 'disk', 's3']).default('database'),
  /** UPLOAD_STORE=s3: the bucket of an S3-compatible store, its endpoint (unset: AWS) and keys. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /**
   * API processes serving the port (node:cluster), or `auto` for one per CPU core. Above 1 needs
   * DATABASE_URL: the embedded database belongs to the one process that opened it. Every process
   * is a replica (the jobs claim their rows; caches are per process, as across machines).
   */
  API_WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
    .default(1)
    .transform((value) => (value === 'auto' ? availableParallelism() : value)),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Public URL of each sub-site, for sub-domain deployments; links that cross sub-sites are built
   * from these. Unset: the sub-site is served here under whatever host the browser used
   * (lib/public-urls.ts).
   */
  PUBLIC_BOOKINGS_URL: url.optional(),
  PUBLIC_ACCOUNT_URL: url.optional(),
  PUBLIC_JOINING_URL: url.optional(),
  /** Parent domain for cookies shared across sub-domains, e.g. `.example.com`. */
  COOKIE_DOMAIN: z.string().min(1).optional(),
  COOKIE_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'use lower-case letters, digits and underscores')
    .default('leisure'),
  /** Idle time after which a session expires, in minutes. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 90)
    .default(60 * 24 * 14),
  /**
   * How long a looked-up session may answer reads from this process's memory, in milliseconds
   * (0: every request asks the database). Writes always ask the database; a logout, password change
   * or revocation in this process forgets it at once; one made by another replica is seen within
   * this time (docs/decisions/002-sessions-and-csrf.md).
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  /** How long the operator's settings row is kept in this process's memory, in milliseconds. */
  OPERATOR_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /**
   * How often each process asks whether the catalogue (venues, activities, categories, locations,
   * prices) changed in another replica, and forgets what it kept of it if so, in seconds (0: never;
   * the process's own changes are forgotten at once).
   */
  CATALOGUE_CHECK_SECONDS: z.coerce.number().int().min(0).max(60).default(1),
  PASSWORD_RESET_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 24)
    .default(60),
  /** `frame-ancestors` for embedded mode: space-separated origins allowed to frame the app. */
  FRAME_ANCESTORS: z.string().default("'self'"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Riverside Leisure <no-reply@riverside-leisure.example>'),
  /** How often undelivered emails are tried again (0: never). */
  MAIL_RETRY_EVERY_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** The dev mailbox page at /dev/mailbox: only when asked for, only outside production. */
  DEV_MAILBOX: booleanFlag.default(false),
  /** Which client (operator) this deployment serves, by slug; the first one when unset. */
  CLIENT_SLUG: z.string().min(1).optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /**
   * Signs the sandbox card provider's tokens and challenge ids (HMAC-SHA256), so every API
   * replica accepts the others' tokens with no shared storage. Required in production.
   */
  SANDBOX_PAY_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  /**
   * Test only (refused in production): the sandbox card provider fails on every charge this way:
   * fail-after-charge (charges, then the answer is lost), crash-after-charge (charges, then the
   * process is killed as by kill -9), slow (answers after 3 s), decline (declines every card).
   */
  SANDBOX_PAY_FAULT: z.enum(['fail-after-charge', 'crash-after-charge', 'slow', 'decline']).optional(),
  DIRECT_DEBIT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /**
   * Production (a staging site) may run on the sandbox card and direct-debit providers only when
   * this says so; every page then shows that payments are not real.
   */
  ALLOW_SANDBOX_PROVIDERS: booleanFlag.default(false),
  // ---- Direct debit (docs/decisions/009-direct-debit.md) ----
  /**
   * Encrypts (AES-256-GCM) the account number of validated bank details between the validation
   * call and the checkout that creates the mandate. In production, SANDBOX_PAY_SECRET stands in
   * when it is unset (a separate key is derived from it); one of the two is required.
   */
  DD_DETAILS_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  /** How long validated bank details (their `details_token`) stay usable, in minutes. */
  DD_DETAILS_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(120),
  /** How often each replica runs the direct debit collections job, in seconds; 0 turns it off. */
  DD_COLLECTIONS_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(300),
  GEOCODER: z.enum(['offline', 'mapbox']).default('offline'),
  /** The maps service's key (GEOCODER=mapbox) and, for tests or a proxy, its base URL. */
  MAPBOX_ACCESS_TOKEN: z.string().min(1).optional(),
  MAPBOX_API_URL: z.url('must be a URL').default('https://api.mapbox.com'),
  /** How long a place search waits for the maps service before the offline gazetteer answers. */
  MAPBOX_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Folder of the built web app (the three sub-sites); unset means next to the API build. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Kiosk inactivity before logout, in ms (the spec's 90,000; shortened in browser tests). */
  KIOSK_IDLE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(90_000),
  /**
   * Behind load balancers: which X-Forwarded-For/-Proto to believe (client address, https for HSTS).
   * A number of proxy hops in front of the server (`true` is one), or a comma-separated list of proxy
   * addresses or CIDR ranges. Never "trust everything": a client writes the left end of the header.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, context): false | number | string[] => {
      if (['false', '0', 'no', 'none', ''].includes(value)) return false;
      if (['true', 'yes'].includes(value)) return 1;
      if (/^\d{1,2}$/.test(value)) return Number(value);
      const addresses = value.split(',').map((entry) => entry.trim());
      if (addresses.every((entry) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry))) return addresses;
      context.addIssue({
        code: 'custom',
        message: 'a number of proxy hops, or proxy addresses separated by commas',
      });
      return z.NEVER;
    })
    // Kept unset (not defaulted) so that production can ask for it to be said explicitly.
    .optional(),
  // ---- The operator console's staff sessions (issue 47) ----
  /** Encrypts staff TOTP secrets at rest (any long random string); required in production. */
  STAFF_MFA_KEY: z.string().min(32).max(500).optional(),
  /** Idle time after which a staff session ends, in minutes (customers: SESSION_IDLE_MINUTES). */
  STAFF_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** A staff session ends this many hours after sign-in however active it is. */
  STAFF_SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(10),
  /** How long a console invitation link works, in hours. */
  STAFF_INVITATION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /** Seed an empty database with the demo operator and members at start-up (the demo; refused in production). */
  SEED: booleanFlag.default(false),
  // ---- Login limits and registration (docs/decisions/047-login-limits-and-registration.md) ----
  /** How long the link in a new account's welcome email verifies its address. */
  EMAIL_VERIFICATION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /** Registrations answered from one address in an hour before 429 (a centre's desk stays under 20). */
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  // ---- Operations: database limits and shutdown (issue 44) ----
  /** PostgreSQL connections in this process's pool (transactions and statements not shared). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Requests that may wait for a pool connection when all are busy; one more is answered 503 with
   * Retry-After at once, rather than piling up behind a stuck database.
   */
  DATABASE_POOL_QUEUE: z.coerce.number().int().min(0).max(10_000).default(100),
  /** Longest wait to open a PostgreSQL connection, and for a free one from the pool, in ms. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** PostgreSQL's statement_timeout for the API's statements, in ms (0: none); migrations have none. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** PostgreSQL ends a session left idle inside a transaction this long, in ms (0: never). */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * On SIGTERM, how long readiness answers 503 while the server still takes requests, so a load
   * balancer stops sending before the port closes, in seconds (0: close at once).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  /** From the signal, how long a shutdown may take before the process exits non-zero, in seconds. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  // ---- Retention (issue 44) ----
  /**
   * How often each replica runs the retention job, in seconds (deletes dead sessions, spent
   * rate-limit attempts and reset tokens; erases old email bodies); 0 turns it off.
   */
  RETENTION_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(3600),
  /** Days an email's body (its links, the member's details) is kept before the retention job erases it. */
  EMAIL_BODY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // ---- Uploads (issue 44: file checks off the event loop, quotas, rate; docs/decisions/049) ----
  /** Worker threads checking uploaded files (per API process). */
  UPLOAD_CHECK_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  /** A file not checked within this time is refused (its worker is stopped). */
  UPLOAD_CHECK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(4000),
  /** Heap of each checking thread (V8 old generation), in MB. */
  UPLOAD_CHECK_MEMORY_MB: z.coerce.number().int().min(16).max(4096).default(128),
  /** What decoding one file's streams may produce in total, in MB; past it the file is refused. */
  UPLOAD_CHECK_MAX_DECODED_MB: z.coerce.number().int().min(1).max(2048).default(64),
  /** Files kept per member (documents, freeze proofs, photo), and their total size in MB. */
  UPLOAD_QUOTA_FILES: z.coerce.number().int().min(1).max(10_000).default(20),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Upload requests one member may make in an hour; past it 429. */
  UPLOAD_RATE_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  // ---- Baskets (docs/decisions/007-cart-holds-and-checkout.md) ----
  /** How long a place in a basket (or a waitlist offer) is held before it is released. */
  CART_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** How often each replica sweeps expired holds, in seconds; 0 turns the job off (reads still sweep). */
  HOLD_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * The one-statement paths beside the basket's and checkout's transactions (decision 069): on by
   * default; false sends every add, remove, claim and order through its transaction. For the
   * differential tests (both ways, the same rows) and for measuring what the paths are worth.
   */
  ONE_STATEMENT_PATHS: booleanFlag.default(true),
  // ---- Checkout (docs/decisions/015-crash-safe-checkout.md) ----
  /**
   * How long a checkout may work on a card payment before another (a retry, the reconciliation job)
   * may take it over, in seconds; keep it under the basket's two-minute checkout claim.
   */
  CHECKOUT_ATTEMPT_LEASE_SECONDS: z.coerce.number().int().min(5).max(110).default(60),
  /** How often each replica finishes or refunds card payments a crash left unfinished, in seconds; 0 turns it off. */
  CHECKOUT_RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** How often each replica marks guest passes past their dates as expired, in seconds; 0 turns it off. */
  GUEST_PASS_EXPIRY_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(900),
  /**
   * How often each replica runs the membership jobs (end cancelled memberships, complete paid-up
   * cancellations, suspend overdue documents), in seconds; 0 turns them off.
   */
  MEMBERSHIP_JOBS_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(600),
  /**
   * How often the embedded database (no DATABASE_URL) is vacuumed and analysed, in seconds, as
   * autovacuum does on a server; the first time a minute after start. 0 turns it off.
   */
  EMBEDDED_UPKEEP_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(3600),
});

const configSchema = settingsShape
  .superRefine((env, ctx) => {
    if (env.API_WORKERS > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['API_WORKERS'],
        message: 'above 1 needs DATABASE_URL: the embedded database belongs to one process',
      });
    }
    if (env.GEOCODER === 'mapbox' && !env.MAPBOX_ACCESS_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAPBOX_ACCESS_TOKEN'],
        message: 'required when GEOCODER=mapbox',
      });
    }
    if (env.NODE_ENV === 'production') refuseUnsafeProduction(env, ctx);
    if (env.UPLOAD_STORE === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'required when UPLOAD_STORE=s3' });
      }
    }
  })
  .transform((env) => {
    return {
      env: env.NODE_ENV,
      isProduction: env.NODE_ENV === 'production',
      host: env.HOST,
      port: env.PORT,
      dataDir: env.DATA_DIR,
      uploadStore: env.UPLOAD_STORE,
      s3:
        env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? {
              bucket: env.S3_BUCKET,
              endpoint: env.S3_ENDPOINT,
              region: env.S3_REGION,
              accessKeyId: env.S3_ACCESS_KEY_ID,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY,
              forcePathStyle: env.S3_FORCE_PATH_STYLE,
            }
          : undefined,
      databaseUrl: env.DATABASE_URL,
      apiWorkers: env.API_WORKERS,
      logLevel: env.LOG_LEVEL,
      publicUrls: {
        /** The PUBLIC_*_URL settings; a sub-site without one is served on the request's own origin. */
        configured: {
          bookings: env.PUBLIC_BOOKINGS_URL,
          account: env.PUBLIC_ACCOUNT_URL,
          joining: env.PUBLIC_JOINING_URL,
        },
        /** Where links point when no request tells (jobs, the start-up banner). */
        fallbackOrigin: `http://localhost:${env.PORT}`,
      },
      cookie: { domain: env.COOKIE_DOMAIN, prefix: env.COOKIE_PREFIX },
      sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
      staffSessions: {
        idleMinutes: env.STAFF_SESSION_IDLE_MINUTES,
        absoluteHours: env.STAFF_SESSION_ABSOLUTE_HOURS,
        invitationTtlHours: env.STAFF_INVITATION_TTL_HOURS,
        /** Development default: published, hence refused in production. */
        mfaKey: env.STAFF_MFA_KEY ?? developmentSecrets.staffMfa,
      },
      sessionCacheMs: env.SESSION_CACHE_MS,
      operatorCacheMs: env.OPERATOR_CACHE_MS,
      catalogueCheckSeconds: env.CATALOGUE_CHECK_SECONDS,
      passwordResetTtlMinutes: env.PASSWORD_RESET_TTL_MINUTES,
      frameAncestors: env.FRAME_ANCESTORS,
      mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, retryEverySeconds: env.MAIL_RETRY_EVERY_SECONDS },
      devMailbox: env.NODE_ENV !== 'production' && env.DEV_MAILBOX,
      clientSlug: env.CLIENT_SLUG,
      providers: {
        payment: env.PAYMENT_PROVIDER,
        /** Development default: anyone can forge sandbox tokens with it, hence refused in production. */
        sandboxPaySecret: env.SANDBOX_PAY_SECRET ?? developmentSecrets.sandboxPay,
        sandboxPayFault: env.SANDBOX_PAY_FAULT,
        directDebit: env.DIRECT_DEBIT_PROVIDER,
        /** Payments through a sandbox (the demo, tests, a staging site): pages say they are not real. */
        sandbox: env.PAYMENT_PROVIDER === 'sandbox' || env.DIRECT_DEBIT_PROVIDER === 'sandbox',
        geocoder: env.GEOCODER,
        mapbox: {
          accessToken: env.MAPBOX_ACCESS_TOKEN,
          apiUrl: env.MAPBOX_API_URL,
          timeoutMs: env.MAPBOX_TIMEOUT_MS,
        },
      },
      webDistDir: env.WEB_DIST_DIR,
      kioskIdleMs: env.KIOSK_IDLE_MS,
      seed: env.SEED,
      cart: { holdMinutes: env.CART_HOLD_MINUTES, sweepSeconds: env.HOLD_SWEEP_SECONDS },
      /** Whether the one-statement paths may serve a command (decision 069); false in half the differential tests. */
      oneStatementPaths: env.ONE_STATEMENT_PATHS,
      registration: {
        emailVerificationTtlHours: env.EMAIL_VERIFICATION_TTL_HOURS,
        perAddressPerHour: env.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
      },
      checkout: {
        attemptLeaseSeconds: env.CHECKOUT_ATTEMPT_LEASE_SECONDS,
        reconcileEverySeconds: env.CHECKOUT_RECONCILE_EVERY_SECONDS,
      },
      guestPasses: { expiryEverySeconds: env.GUEST_PASS_EXPIRY_EVERY_SECONDS },
      membershipJobs: { everySeconds: env.MEMBERSHIP_JOBS_EVERY_SECONDS },
      embeddedUpkeep: { everySeconds: env.EMBEDDED_UPKEEP_EVERY_SECONDS },
      directDebit: {
        /** The development default is refused in production (see above). */
        detailsSecret:
          env.DD_DETAILS_SECRET ?? env.SANDBOX_PAY_SECRET ?? developmentSecrets.directDebitDetails,
        detailsTtlMinutes: env.DD_DETAILS_TTL_MINUTES,
        collectionsEverySeconds: env.DD_COLLECTIONS_EVERY_SECONDS,
      },
      trustProxy: env.TRUST_PROXY ?? false,
      uploads: {
        check: {
          threads: env.UPLOAD_CHECK_THREADS,
          timeoutMs: env.UPLOAD_CHECK_TIMEOUT_MS,
          memoryMb: env.UPLOAD_CHECK_MEMORY_MB,
          maxDecodedBytes: env.UPLOAD_CHECK_MAX_DECODED_MB * 1_000_000,
          maxQueue: env.UPLOAD_CHECK_THREADS * 8,
        },
        quota: { files: env.UPLOAD_QUOTA_FILES, bytes: env.UPLOAD_QUOTA_MB * 1_000_000 },
        ratePerHour: env.UPLOAD_RATE_PER_HOUR,
      },
      retention: { everySeconds: env.RETENTION_EVERY_SECONDS, emailBodyDays: env.EMAIL_BODY_RETENTION_DAYS },
      operations: {
        database: {
          poolSize: env.DATABASE_POOL_SIZE,
          poolQueue: env.DATABASE_POOL_QUEUE,
          connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
          idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        },
        shutdown: { drainSeconds: env.SHUTDOWN_DRAIN_SECONDS, timeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS },
      },
    };
  });

type Issues = z.core.$RefinementCtx;

/**
 * Production fails closed (issue 44): it refuses to start, naming each problem, rather than run on
 * the demo's defaults. Each refusal names the setting and what would make it safe.
 */
function refuseUnsafeProduction(env: z.output<typeof settingsShape>, ctx: Issues): void {
  const refuse = (setting: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [setting], message });
  const developmentValues = new Set(Object.values(developmentSecrets));
  if (!env.STAFF_MFA_KEY) refuse('STAFF_MFA_KEY', 'must be set in production: it encrypts staff MFA secrets');
  for (const key of ['SANDBOX_PAY_SECRET', 'DD_DETAILS_SECRET', 'STAFF_MFA_KEY'] as const) {
    const value = env[key];
    if (value && developmentValues.has(value))
      refuse(key, 'is the published development secret: use your own');
  }
  if (env.PAYMENT_PROVIDER === 'sandbox' && !env.SANDBOX_PAY_SECRET) {
    refuse('SANDBOX_PAY_SECRET', 'must be set in production when PAYMENT_PROVIDER is sandbox');
  }
  if (!env.DD_DETAILS_SECRET && !env.SANDBOX_PAY_SECRET)
    refuse('DD_DETAILS_SECRET', 'must be set in production');
  if (!env.ALLOW_SANDBOX_PROVIDERS) {
    if (env.PAYMENT_PROVIDER === 'sandbox') {
      refuse(
        'PAYMENT_PROVIDER',
        'is the sandbox, where any card pays: set a real provider, or ALLOW_SANDBOX_PROVIDERS=true for a staging site',
      );
    }
    if (env.DIRECT_DEBIT_PROVIDER === 'sandbox') {
      refuse(
        'DIRECT_DEBIT_PROVIDER',
        'is the sandbox, where no money moves: set a real provider, or ALLOW_SANDBOX_PROVIDERS=true for a staging site',
      );
    }
  }
  if (env.SANDBOX_PAY_FAULT) refuse('SANDBOX_PAY_FAULT', 'is for tests only and refused in production');
  for (const key of ['PUBLIC_BOOKINGS_URL', 'PUBLIC_ACCOUNT_URL', 'PUBLIC_JOINING_URL'] as const) {
    const value = env[key];
    if (!value)
      refuse(key, 'must be set in production: emailed links are built from it, never from a request');
    else if (!value.startsWith('https://')) refuse(key, 'must be an https:// URL in production');
  }
  if (!env.SMTP_URL) refuse('SMTP_URL', 'must be set in production: without it no email would be delivered');
  if (env.TRUST_PROXY === undefined) {
    refuse(
      'TRUST_PROXY',
      'must be set in production: the number of proxy hops or their addresses in front of the server, or none',
    );
  }
  if (env.SEED) refuse('SEED', 'asks for demo data (known passwords), refused in production');
  if (env.DEV_MAILBOX)
    refuse('DEV_MAILBOX', 'shows every email sent (reset links too), refused in production');
  if (!env.DATABASE_URL) {
    refuse('DATABASE_URL', 'must be set in production: the embedded database is for the demo and tests');
  }
}

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/**
 * Reads and validates the settings; a bad one throws a ConfigError naming it. `demo` (npm start)
 * starts from the demo's defaults, which the environment may still override.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: { demo?: boolean } = {},
): Config {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(options.demo ? { ...demoDefaults, ...defined } : defined);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(settings)'}: ${issue.message}`,
    );
    const production = (options.demo ? { ...demoDefaults, ...defined } : defined).NODE_ENV ?? 'production';
    const hint =
      production === 'production'
        ? '\n(NODE_ENV is production unless set: README.md "Production" lists what it needs; `npm start` runs the demo.)'
        : '';
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}${hint}`);
  }
  return result.data;
}

/** Settings for tests: an in-memory database, no seed unless asked, quiet logs. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED: 'false',
    PORT: '0',
    // Tests change rows between calls as another replica would; the caches have tests of their own.
    SESSION_CACHE_MS: process.env.SCRATCH_CACHES ? '2000' : '0',
    OPERATOR_CACHE_MS: process.env.SCRATCH_CACHES ? '2000' : '0',
    CATALOGUE_CHECK_SECONDS: '0',
    DD_COLLECTIONS_EVERY_SECONDS: '0',
    GUEST_PASS_EXPIRY_EVERY_SECONDS: '0',
    MAIL_RETRY_EVERY_SECONDS: '0',
    MEMBERSHIP_JOBS_EVERY_SECONDS: '0',
    CHECKOUT_RECONCILE_EVERY_SECONDS: '0',
    EMBEDDED_UPKEEP_EVERY_SECONDS: '0',
    RETENTION_EVERY_SECONDS: '0',
    // Each test app keeps its files (uploads) in its own temporary folder, never in the checkout.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'leisure-test-')),
    ...overrides,
  });
}
