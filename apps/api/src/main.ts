import { resolve } from 'node:path';
import { BYTES_PER_MB } from '@site/page-content';
import { buildApp } from './app';
import { readConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { isDatabaseUnavailable } from './db/unavailable';
import { createJobQueue } from './jobs';
import { startMailWorker } from './mail/worker';
import { storageFromConfig } from './files/storage-from-config';
import { DEMO_OWNER, seedDemoSite } from './seed/demo-site';
import { checkThemes, upgradeThemes } from './site/theme';
import { createRedisLoginGuard } from './security/login-guard';
import { postgresChangeFeed } from './pages/site-versions';
import { closeSharedRedis, reportRedisOutages, sharedRedis } from './redis';
import { createSecretBox, loadSecretKey } from './security/secret-box';
import { stripeConnectionFrom } from './payments/stripe-provider';
import { addressProviderFromConfig } from './address-autocomplete/from-config';
import { videoMetadataFromConfig } from './video-metadata/from-config';

/** A stopping process exits by then, finished or not (a rolling restart waits no longer). */
const SHUTDOWN_MS = 10_000;
/** Kept back from the jobs' wait: failing unfinished jobs and closing the pools take this. */
const JOBS_HANDBACK_MS = 2000;

async function main(): Promise<void> {
  const config = readConfig();
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const seeded = await seedDemoSite(database.db);
  checkThemes();
  await upgradeThemes(database.db);
  const jobs = await createJobQueue(database, {
    workers: config.WORKERS,
    onError: (err) => console.error('job queue error:', err.message),
  });
  const redis = sharedRedis(config.REDIS_URL);
  const files = storageFromConfig(config);
  const app = await buildApp({
    database,
    changeFeed: config.DATABASE_LISTEN_URL ? postgresChangeFeed(config.DATABASE_LISTEN_URL) : undefined,
    redis,
    loginGuard: redis ? createRedisLoginGuard(redis) : undefined,
    // Through process.stdout, as the banner is: pino's own writer retries a full pipe later, which
    // let Fastify's "listening" line come out after the banner.
    logger: { level: config.LOG_LEVEL, stream: process.stdout },
    billing: config.BILLING_PROVIDER ? { provider: config.BILLING_PROVIDER } : undefined,
    requestLog: { slowMs: config.SLOW_REQUEST_MS, summaryIntervalMs: config.LOG_SUMMARY_SECONDS * 1000 },
    writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE,
    trustProxy: config.TRUST_PROXY,
    baseDomain: config.BASE_DOMAIN,
    webhookPolicy: { allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE },
    jobs,
    addressProvider: addressProviderFromConfig(config),
    videoMetadata: videoMetadataFromConfig(config),
    files: { storage: files.storage, maxUploadBytes: config.MAX_UPLOAD_MB * BYTES_PER_MB, jobs },
    payments: {
      box: createSecretBox(
        loadSecretKey(config.PAYMENTS_SECRET_KEY, resolve(config.DATA_DIR, 'payments-secret.key')),
      ),
      environment:
        config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
          ? {
              publishableKey: config.STRIPE_PUBLISHABLE_KEY,
              secretKey: config.STRIPE_SECRET_KEY,
              webhookSecret: config.STRIPE_WEBHOOK_SECRET,
            }
          : undefined,
      connection: stripeConnectionFrom(config.STRIPE_API_URL),
      pendingOrderExpiryMinutes: config.PENDING_ORDER_EXPIRY_MINUTES,
    },
  });
  if (redis) reportRedisOutages(redis, app.log);
  // When PostgreSQL cuts a connection mid-transaction the driver can leave one query's rejection
  // unobserved; a lost connection must not end the process (the pool reconnects). Anything else
  // still does, as Node would.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    app.log.warn({ err: reason }, 'database connection lost');
  });
  const mail =
    config.WORKERS && config.SMTP_URL
      ? startMailWorker({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log })
      : undefined;

  // Shutting down, every answer closes its connection (Connection: close), so a keep-alive client
  // such as a load balancer sends its next request on a new connection, which another process takes.
  let closing = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const signalled = performance.now();
    const force = setTimeout(() => process.exit(1), SHUTDOWN_MS).unref();
    try {
      // Stop accepting and close idle connections; requests on open ones are still served (they
      // may queue jobs), then the jobs and the email being sent finish. A job still running when
      // the time left is nearly spent is failed, so the queue gives it to a process that stays;
      // killed by the forced exit instead, it would sit active until pg-boss expires it (15 min).
      await app.close();
      const jobsMs = SHUTDOWN_MS - JOBS_HANDBACK_MS - (performance.now() - signalled);
      await Promise.all([mail?.stop(), jobs.stop({ timeoutMs: Math.max(1000, jobsMs) })]);
      await database.close();
      await closeSharedRedis();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(
    [
      '',
      `  Site builder is running at ${url}`,
      `  Editor: ${url}/config   API: ${url}/api/health`,
      `  Database: ${where}${seeded ? ' (demo site seeded)' : ''}`,
      `  Files: ${files.description}`,
      `  Mail: ${mailStatus(config)}`,
      `  Sign-in lock: ${config.REDIS_URL ? `shared through Redis at ${new URL(config.REDIS_URL).host}` : 'in this process only (set REDIS_URL to share it)'}`,
      ...(config.WEBHOOKS_ALLOW_PRIVATE
        ? ['  Webhooks: may reach private addresses (WEBHOOKS_ALLOW_PRIVATE, for development only)']
        : []),
      `  Demo owner login: ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`,
      `  Ready in ${Math.round(performance.now() - started)} ms`,
      '',
    ].join('\n'),
  );
}

function mailStatus(config: Config): string {
  if (!config.WORKERS) return 'not sent by this process (WORKERS=0): a process with workers sends it';
  if (!config.SMTP_URL) return 'no SMTP_URL, so emails stay queued in outgoing_emails until one is set';
  const smtp = new URL(config.SMTP_URL);
  return `sent through ${smtp.protocol}//${smtp.host} from ${config.MAIL_FROM}`;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
