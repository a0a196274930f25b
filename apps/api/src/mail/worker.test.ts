import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { outgoingEmails, websites } from '../db/schema';
import { databaseTargets } from '../../test/databases';
import { SmtpSink } from '../../test/smtp-sink';
import { queueEmail } from './queue-email';
import { startMailWorker, type MailWorker, type MailWorkerOptions } from './worker';

const targets = await databaseTargets();

const FROM = '"Mail Test Shop" <shop@mail.test>';

describe.each(targets)('mail worker on $name', (target) => {
  let database: DatabaseHandle;
  let sink: SmtpSink;
  let smtpUrl: string;
  let workers: MailWorker[] = [];

  const start = (options: Partial<MailWorkerOptions> = {}) => {
    const worker = startMailWorker({
      db: database.db,
      smtpUrl,
      from: FROM,
      retryBaseMs: 50,
      pollMs: 20,
      ...options,
    });
    workers.push(worker);
    return worker;
  };
  const queueRestock = (to: string) =>
    database.db.transaction((tx) =>
      queueEmail(tx, 'mail', 'restock-notice', to, {
        productTitle: 'Canvas Tote',
        productName: 'Canvas Tote (Black)',
        productUrl: 'https://shop.test/shop/p/canvas-tote',
      }),
    );
  const row = async (id: string) =>
    (await database.db.select().from(outgoingEmails).where(eq(outgoingEmails.id, id)))[0]!;
  const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  beforeAll(async () => {
    database = await target.open();
    await database.db.insert(websites).values({ id: 'mail', title: 'Mail Test Shop' });
  });
  beforeEach(async () => {
    sink = new SmtpSink();
    smtpUrl = await sink.start();
  });
  afterEach(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    workers = [];
    await sink.stop();
    await database.db.delete(outgoingEmails);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('sends a queued email with its text and HTML parts, the row id as Message-ID, and stamps it', async () => {
    const id = await queueRestock('ann@example.com');
    start();
    await until(async () => (await row(id)).sentAt !== null);
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail).toMatchObject({
      messageId: `<${id}@mail.test>`,
      to: ['ann@example.com'],
      subject: 'Canvas Tote is back in stock',
    });
    expect(mail!.raw).toContain('Content-Type: text/plain');
    expect(mail!.raw).toContain('Content-Type: text/html');
    expect(mail!.raw).toContain('From: Mail Test Shop <shop@mail.test>');
    expect(await row(id)).toMatchObject({ attempts: 1, lastError: null, failedAt: null });
  });

  it('delivers each email exactly once with two workers racing', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => queueRestock(`race${n}@example.com`)));
    start();
    start();
    await until(() => sink.received.length >= 30);
    // Give a duplicate, if any, the time to arrive.
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.received).toHaveLength(30);
    expect(new Set(sink.received.map((m) => m.messageId))).toEqual(
      new Set(ids.map((id) => `<${id}@mail.test>`)),
    );
    const rows = await database.db.select().from(outgoingEmails);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('retries after a temporary SMTP failure, then delivers once', async () => {
    sink.fail(1, 451);
    const id = await queueRestock('bob@example.com');
    start();
    await until(async () => (await row(id)).sentAt !== null);
    expect(sink.refused).toBe(1);
    expect(sink.received.map((m) => m.messageId)).toEqual([`<${id}@mail.test>`]);
    expect(await row(id)).toMatchObject({ attempts: 2, lastError: null, failedAt: null });
  });

  it('keeps an email queued while the mail server is down and sends it once when it is back', async () => {
    const port = Number(new URL(smtpUrl).port);
    await sink.stop();
    const id = await queueRestock('dora@example.com');
    start();
    // Refused connections are counted as attempts and retried, never a dead email.
    await until(async () => (await row(id)).attempts >= 2);
    expect(await row(id)).toMatchObject({ sentAt: null, failedAt: null });
    sink = new SmtpSink();
    await sink.start(port);
    await until(async () => (await row(id)).sentAt !== null);
    expect(sink.received.map((m) => m.messageId)).toEqual([`<${id}@mail.test>`]);
  });

  it('marks an email dead after N failed attempts and stops trying it', async () => {
    sink.fail(Infinity, 451);
    const id = await queueRestock('cy@example.com');
    start({ maxAttempts: 3 });
    await until(async () => (await row(id)).failedAt !== null);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.refused).toBe(3);
    expect(sink.received).toHaveLength(0);
    const dead = await row(id);
    expect(dead).toMatchObject({ attempts: 3, sentAt: null });
    expect(dead.lastError).toContain('451');
  });

  it('marks an email dead at once on a permanent (5xx) refusal', async () => {
    sink.fail(Infinity, 550);
    const id = await queueRestock('nobody@example.com');
    start();
    await until(async () => (await row(id)).failedAt !== null);
    expect(sink.refused).toBe(1);
    expect((await row(id)).attempts).toBe(1);
  });

  it('waits for a row another worker has claimed (its lease), and for a retry not yet due', async () => {
    const id = await queueRestock('dee@example.com');
    await database.db
      .update(outgoingEmails)
      .set({ nextAttemptAt: new Date(Date.now() + 60_000) })
      .where(eq(outgoingEmails.id, id));
    start();
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.received).toHaveLength(0);
    expect((await row(id)).attempts).toBe(0);
  });
});
