import { BYTES_PER_MB } from '@site/page-content';
import { buildApp } from './app';
import { readConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { createJobQueue } from './jobs';
import { startMailWorker } from './mail/worker';
import { storageFromConfig } from './files/storage-from-config';
import { DEMO_OWNER, seedDemoSite } from './seed/demo-site';
import { upgradeTheme } from './site/theme';
import { createRedisLoginGuard } from './site-users/login-guard';
import { postgresChangeFeed } from './pages/site-versions';
import { closeSharedRedis, sharedRedis } from './redis';

async function main(): Promise<void> {
  const config = readConfig();
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const seeded = await seedDemoSite(database.db);
  await upgradeTheme(database.db);
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
    logger: { level: config.LOG_LEVEL },
    writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE,
    trustProxy: config.TRUST_PROXY,
    baseDomain: config.BASE_DOMAIN,
    jobs,
    files: { storage: files.storage, maxUploadBytes: config.MAX_UPLOAD_MB * BYTES_PER_MB, jobs },
  });
  const mail =
    config.WORKERS && config.SMTP_URL
      ? startMailWorker({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log })
      : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await mail?.stop();
      await jobs.stop();
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
