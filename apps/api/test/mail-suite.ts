import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../src/db/client';
import { outgoingEmails } from '../src/db/schema';
import { startMailWorker, type MailWorker } from '../src/mail/worker';
import { SmtpSink, type ReceivedEmail } from './smtp-sink';

export interface MailSuite {
  readonly sink: SmtpSink;
  /** Waits until the outbox is empty, then what the SMTP server has received. */
  delivered(): Promise<ReceivedEmail[]>;
}

/**
 * The mail worker of the database `db()` delivering to a real SMTP server for the whole describe
 * block; each test starts with nothing received, unless `keepAcrossTests` (tests that follow one
 * story through several steps).
 */
export function mailSuite(db: () => Database, { keepAcrossTests = false } = {}): MailSuite {
  const sink = new SmtpSink();
  let worker: MailWorker | undefined;
  beforeAll(async () => {
    worker = startMailWorker({
      db: db(),
      smtpUrl: await sink.start(),
      from: '"Demo" <shop@demo.test>',
      pollMs: 20,
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await sink.stop();
  });
  beforeEach(() => {
    if (!keepAcrossTests) sink.received.length = 0;
  });
  return {
    sink,
    async delivered() {
      const deadline = Date.now() + 15_000;
      while ((await db().select().from(outgoingEmails).where(isNull(outgoingEmails.sentAt))).length > 0) {
        if (Date.now() > deadline) throw new Error('emails still queued after 15 s');
        await new Promise((r) => setTimeout(r, 20));
      }
      return [...sink.received];
    },
  };
}

/** The message as a reader sees it: quoted-printable soft breaks and escapes undone. */
export const readableBody = (mail: ReceivedEmail) =>
  mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
