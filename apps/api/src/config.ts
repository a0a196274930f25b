import { resolve } from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Where the page cache LISTENs for changes (a session of its own): the PostgreSQL server itself
   * when DATABASE_URL goes through PgBouncer in transaction mode. Default: DATABASE_URL.
   */
  DATABASE_LISTEN_URL: z.string().url().optional(),
  /** State-changing API calls per client (IP) per minute before 429; 0 turns the limit off. */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** The largest file an owner may upload, in megabytes of 1,000,000 bytes (platform.md §9). */
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1000).default(20),
  /**
   * Uploaded files go to this S3-compatible bucket instead of DATA_DIR/files. Credentials come
   * from the AWS SDK's standard chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role).
   */
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  /** An S3-compatible service's address (MinIO, R2, Ceph…); unset with S3_BUCKET, AWS S3 itself. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Prepended to every key, so one bucket can hold several deployments' files (`prod/`). */
  S3_PREFIX: z
    .string()
    .max(200)
    .regex(/^((?!\.\.?\/)[A-Za-z0-9._-]+\/)*$/, 'folder names each ending in /, such as prod/')
    .default(''),
  /** The bucket in the path (`endpoint/bucket/key`) rather than the host; default: on when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Where mail goes (smtp://host:port, smtps://user:pass@host:465); unset, emails stay queued. */
  SMTP_URL: z.string().url().optional(),
  /** Redis for state shared by every process (the sign-in lock); unset, it is kept per process. */
  REDIS_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('"Site builder" <no-reply@localhost>'),
  /** 0: a web-only process that enqueues jobs and mail but runs none. */
  WORKERS: z
    .enum(['0', '1'])
    .default('1')
    .transform((v) => v === '1'),
  /**
   * The domain sites live under: a site with slug `shop` answers at `shop.<BASE_DOMAIN>` (a wildcard
   * DNS record points there). Set, a host that is no site's answers 404; unset, the deployment
   * serves one site (the demo) on every host. localhost and 127.0.0.1 always serve the demo site.
   */
  BASE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) =>
        v === undefined ||
        /^(?=.{1,200}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(v),
      'a host name such as sites.example.com',
    ),
  /**
   * Development only: lets webhooks reach loopback and private addresses (a receiver on this
   * machine). Unset, a webhook may only reach public addresses.
   */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false', ''])
    .default('')
    .transform((v) => v === 'true'),
  /**
   * Seals owners' Stripe secrets at rest (AES-256-GCM): 64 hex digits or 44 base64 characters.
   * Unset, a key is made on first start and kept in DATA_DIR/payments-secret.key; lose both and
   * owners must enter their keys again.
   */
  PAYMENTS_SECRET_KEY: z.string().trim().optional(),
  /** A single-site install's Stripe account (all three together); a site's keys from the editor win. */
  STRIPE_PUBLISHABLE_KEY: z.string().trim().optional(),
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  /**
   * Minutes an order may wait for its payment (a shopper who left at the card or 3-D Secure step)
   * before it is cancelled and its items go back in stock (docs/payments.md).
   */
  PENDING_ORDER_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(30),
  /** Where the Stripe SDK calls instead of api.stripe.com (a local stand-in in tests, or a proxy). */
  STRIPE_API_URL: z.string().url().optional(),
  /**
   * Address suggestions at checkout: `google` (Places API, needs GOOGLE_PLACES_API_KEY), `local`
   * (the built-in list of towns, for tests and offline installs) or `off`. Unset: google when the
   * key is set, else off.
   */
  ADDRESS_AUTOCOMPLETE: z.enum(['google', 'local', 'off']).optional(),
  GOOGLE_PLACES_API_KEY: z.string().trim().optional(),
  /** Where Places API calls go instead of places.googleapis.com (a proxy, or a stand-in in tests). */
  GOOGLE_PLACES_API_URL: z.string().url().optional(),
  /**
   * Gallery video items' title and poster: `oembed` (asks YouTube and Vimeo), `local` (from the
   * link alone, for installs without internet) or `off`.
   */
  VIDEO_METADATA: z.enum(['oembed', 'local', 'off']).default('oembed'),
  /** Where every oEmbed lookup goes instead of the hosts' own endpoints (a proxy, or a stand-in in tests). */
  VIDEO_OEMBED_URL: z.string().url().optional(),
  /** info: start-up, warnings, errors, slow requests and a summary; debug adds a line per request. */
  /**
   * Who sells plans to site owners. `manual`: the operator sets each site's plan, the others are on
   * a 14-day trial the editor counts down. Unset (a self-hosted install): no trial, no plans.
   */
  BILLING_PROVIDER: z
    .enum(['manual', ''])
    .default('')
    .transform((v) => v || undefined),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A request answered in this many milliseconds or more is logged at info as slow. */
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1000),
  /** Seconds between the log's summary lines (requests, 4xx, 5xx, slow, p50 and p95). */
  LOG_SUMMARY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * Which proxies may speak for the client (X-Forwarded-For, -Proto, -Host): a comma-separated
   * list of addresses or CIDR ranges (`127.0.0.1,10.0.0.0/8`, or `loopback`, `uniquelocal`).
   * Empty (the default) trusts nobody: the client is the socket's peer. `true` and hop counts are
   * refused: they would let a client that is no proxy choose its own address.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .refine(
      (v) => v !== 'true' && v !== '*',
      'trusting every proxy lets any client choose its own address; list the proxies',
    )
    .refine((v) => !/^\d+$/.test(v), 'a hop count cannot tell a proxy from a client; list the proxies')
    .transform((v): string | false => (v === '' || v === 'false' ? false : v)),
});

export type Config = z.infer<typeof EnvSchema> & { dataDir: string; filesDir: string };

/** Reads the environment once at start-up; a bad value stops the server with a clear message. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const unsetWhenEmpty = [
    'DATABASE_URL',
    'SMTP_URL',
    'REDIS_URL',
    'DATABASE_LISTEN_URL',
    'S3_BUCKET',
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_FORCE_PATH_STYLE',
    'PAYMENTS_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_URL',
    'ADDRESS_AUTOCOMPLETE',
    'GOOGLE_PLACES_API_KEY',
    'GOOGLE_PLACES_API_URL',
    'VIDEO_METADATA',
    'VIDEO_OEMBED_URL',
  ];
  const parsed = EnvSchema.safeParse({
    ...env,
    ...Object.fromEntries(unsetWhenEmpty.map((k) => [k, env[k] || undefined])),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const stripe = [
    parsed.data.STRIPE_PUBLISHABLE_KEY,
    parsed.data.STRIPE_SECRET_KEY,
    parsed.data.STRIPE_WEBHOOK_SECRET,
  ];
  if (stripe.some(Boolean) && !stripe.every(Boolean))
    throw new Error(
      'Invalid configuration: set STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together',
    );
  return {
    ...parsed.data,
    dataDir: resolve(parsed.data.DATA_DIR, 'pglite'),
    filesDir: resolve(parsed.data.DATA_DIR, 'files'),
  };
}
