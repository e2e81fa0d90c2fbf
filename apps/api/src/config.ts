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

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
    /** The dev mailbox page at /dev/mailbox; never on in production. */
    DEV_MAILBOX: booleanFlag.optional(),
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
      .default('false')
      .transform((value, context): false | number | string[] => {
        if (['false', '0', 'no', ''].includes(value)) return false;
        if (['true', 'yes'].includes(value)) return 1;
        if (/^\d{1,2}$/.test(value)) return Number(value);
        const addresses = value.split(',').map((entry) => entry.trim());
        if (addresses.every((entry) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry))) return addresses;
        context.addIssue({
          code: 'custom',
          message: 'a number of proxy hops, or proxy addresses separated by commas',
        });
        return z.NEVER;
      }),
    /** Seed an empty database at start-up. */
    SEED: booleanFlag.default(true),
    // ---- Uploads (issue 44: file checks off the event loop, quotas, rate; docs/decisions/044-uploads-*) ----
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
  })
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
    if (env.NODE_ENV === 'production' && env.PAYMENT_PROVIDER === 'sandbox' && !env.SANDBOX_PAY_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SANDBOX_PAY_SECRET'],
        message: 'must be set in production when PAYMENT_PROVIDER is sandbox',
      });
    }
    if (env.UPLOAD_STORE === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'required when UPLOAD_STORE=s3' });
      }
    }
    if (env.NODE_ENV === 'production' && env.SANDBOX_PAY_FAULT) {
      ctx.addIssue({
        code: 'custom',
        path: ['SANDBOX_PAY_FAULT'],
        message: 'is for tests only and refused in production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.DD_DETAILS_SECRET && !env.SANDBOX_PAY_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['DD_DETAILS_SECRET'], message: 'must be set in production' });
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
      sessionCacheMs: env.SESSION_CACHE_MS,
      operatorCacheMs: env.OPERATOR_CACHE_MS,
      passwordResetTtlMinutes: env.PASSWORD_RESET_TTL_MINUTES,
      frameAncestors: env.FRAME_ANCESTORS,
      mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, retryEverySeconds: env.MAIL_RETRY_EVERY_SECONDS },
      devMailbox: env.NODE_ENV !== 'production' && (env.DEV_MAILBOX ?? true),
      clientSlug: env.CLIENT_SLUG,
      providers: {
        payment: env.PAYMENT_PROVIDER,
        /** Development default: anyone can forge sandbox tokens with it, hence refused in production. */
        sandboxPaySecret: env.SANDBOX_PAY_SECRET ?? 'sandbox-pay-development-secret-not-for-production',
        sandboxPayFault: env.SANDBOX_PAY_FAULT,
        directDebit: env.DIRECT_DEBIT_PROVIDER,
        geocoder: env.GEOCODER,
        mapbox: { accessToken: env.MAPBOX_ACCESS_TOKEN, apiUrl: env.MAPBOX_API_URL },
      },
      webDistDir: env.WEB_DIST_DIR,
      kioskIdleMs: env.KIOSK_IDLE_MS,
      seed: env.SEED,
      cart: { holdMinutes: env.CART_HOLD_MINUTES, sweepSeconds: env.HOLD_SWEEP_SECONDS },
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
          env.DD_DETAILS_SECRET ??
          env.SANDBOX_PAY_SECRET ??
          'direct-debit-development-secret-not-for-production',
        detailsTtlMinutes: env.DD_DETAILS_TTL_MINUTES,
        collectionsEverySeconds: env.DD_COLLECTIONS_EVERY_SECONDS,
      },
      trustProxy: env.TRUST_PROXY,
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
    };
  });

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Reads and validates the settings; a bad one throws a ConfigError naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(defined);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(settings)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
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
    DD_COLLECTIONS_EVERY_SECONDS: '0',
    GUEST_PASS_EXPIRY_EVERY_SECONDS: '0',
    MAIL_RETRY_EVERY_SECONDS: '0',
    MEMBERSHIP_JOBS_EVERY_SECONDS: '0',
    CHECKOUT_RECONCILE_EVERY_SECONDS: '0',
    EMBEDDED_UPKEEP_EVERY_SECONDS: '0',
    // Each test app keeps its files (uploads) in its own temporary folder, never in the checkout.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'leisure-test-')),
    ...overrides,
  });
}
