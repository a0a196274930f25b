import { eq, sql } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { outgoingEmails } from '../db/schema';

export interface MailWorkerOptions {
  db: Database;
  /** smtp://host:port or smtps://user:pass@host:465 */
  smtpUrl: string;
  /** The From header, e.g. `"Fieldnotes Supply Co." <shop@example.com>`; its domain ends the Message-IDs. */
  from: string;
  /** Attempts before a row is dead (failed_at); a 5xx answer (permanent) makes it dead at once. */
  maxAttempts?: number;
  /** Wait after the first failure, doubled after each further one (capped at 6 h). */
  retryBaseMs?: number;
  /** How long a claimed row is left to its worker before another may take it (well over the SMTP timeouts). */
  leaseMs?: number;
  /** How often an idle worker looks for due rows. */
  pollMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface MailWorker {
  /** Finishes the email being sent, then stops. */
  stop(): Promise<void>;
}

type Row = typeof outgoingEmails.$inferSelect;

const SMTP_TIMEOUT_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60 * 1000;

/**
 * Delivers `outgoing_emails` at least once and, short of a crash between the server's "250 OK"
 * and the row's stamp, exactly once: a row is claimed (attempts + 1, next_attempt_at pushed past
 * the lease) in one statement with SKIP LOCKED before it is sent, so two workers never send the
 * same row, and its id is the Message-ID, so a receiver can drop the rare repeat.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const transport = createTransport({
    url: options.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'localhost';
  let stopped = false;
  let wake: (() => void) | undefined;

  const loop = (async () => {
    while (!stopped) {
      try {
        const row = await claim(options.db, options.leaseMs ?? 5 * 60_000);
        if (row) {
          await deliver(transport, options, domain, row);
          continue;
        }
      } catch (err) {
        options.log?.error({ err }, 'mail worker: database error');
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, options.pollMs ?? 2000);
      });
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      transport.close();
    },
  };
}

async function claim(db: Database, leaseMs: number): Promise<Row | undefined> {
  const [row] = await db
    .update(outgoingEmails)
    .set({
      attempts: sql`${outgoingEmails.attempts} + 1`,
      nextAttemptAt: sql`now() + ${leaseMs}::double precision * interval '1 millisecond'`,
    })
    .where(
      eq(
        outgoingEmails.id,
        sql`(select id from ${outgoingEmails}
             where sent_at is null and failed_at is null and (next_attempt_at is null or next_attempt_at <= now())
             order by created_at limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row;
}

async function deliver(
  transport: Transporter,
  options: MailWorkerOptions,
  domain: string,
  row: Row,
): Promise<void> {
  try {
    await transport.sendMail({
      from: options.from,
      to: row.to,
      subject: row.subject,
      text: row.body,
      ...(row.html && { html: row.html }),
      messageId: `<${row.id}@${domain}>`,
    });
    await options.db
      .update(outgoingEmails)
      .set({ sentAt: sql`now()`, nextAttemptAt: null, lastError: null })
      .where(eq(outgoingEmails.id, row.id));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const code = (err as { responseCode?: number }).responseCode;
    const dead = row.attempts >= (options.maxAttempts ?? 8) || (code !== undefined && code >= 500);
    const delay = Math.min(MAX_RETRY_MS, (options.retryBaseMs ?? 30_000) * 2 ** (row.attempts - 1));
    await options.db
      .update(outgoingEmails)
      .set(
        dead
          ? { failedAt: sql`now()`, nextAttemptAt: null, lastError: message }
          : {
              nextAttemptAt: sql`now() + ${delay}::double precision * interval '1 millisecond'`,
              lastError: message,
            },
      )
      .where(eq(outgoingEmails.id, row.id));
    const details = { emailId: row.id, attempts: row.attempts, err: message };
    if (dead) options.log?.error(details, 'email dead: not sent, no more attempts');
    else options.log?.warn(details, 'email not sent yet, will retry');
  }
}
