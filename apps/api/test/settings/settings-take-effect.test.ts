import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startBuiltServer, type StartedServer } from '../server';
import { SmtpSink } from '../smtp-sink';
import { SETTING_ROWS } from './setting-rows';
import { SettingsSite } from './settings-site';

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** A throw-away database on the PostgreSQL server, or undefined when none answers. */
async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = postgres(serverUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
  const name = `site_settings_${randomBytes(6).toString('hex')}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } catch {
    await admin.end({ timeout: 1 });
    console.warn('PostgreSQL server not reachable: the settings table runs on PGlite only');
    return undefined;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 1 });
    },
  };
}

const server = await postgresDatabase();
const targets = [
  { name: 'PGlite', databaseUrl: '', drop: async () => {} },
  ...(server ? [{ name: 'PostgreSQL', databaseUrl: server.url, drop: server.drop }] : []),
];

/**
 * "No control that does nothing": every saved setting of the table, flipped through the owner's
 * API on the built server, changes what a shopper, a visitor or the owner sees (setting-rows.ts).
 */
describe.each(targets)('every saved setting takes effect on $name', (target) => {
  let started: StartedServer;
  let mail: SmtpSink;
  let site: SettingsSite;

  beforeAll(async () => {
    mail = new SmtpSink();
    started = await startBuiltServer({
      DATABASE_URL: target.databaseUrl,
      SMTP_URL: await mail.start(),
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
    });
    site = await new SettingsSite(started, mail).start();
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await started?.stop();
    await mail?.stop();
    await target.drop();
  });

  describe.each(SETTING_ROWS)('$setting', (row) => {
    it.each(row.states)('$name', async (state) => {
      await state.set(site);
      await state.observe(site);
    });
  });
});
