import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  messageId: string;
  to: string[];
  subject: string;
  raw: string;
}

/**
 * An SMTP server on 127.0.0.1 for tests: it keeps every message it accepts, and can answer the
 * DATA command of the next N messages (or every one) with an error first.
 */
export class SmtpSink {
  readonly received: ReceivedEmail[] = [];
  /** Failed deliveries so far. */
  refused = 0;
  private failures = 0;
  private failureCode = 451;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (this.failures > 0) {
          this.failures--;
          this.refused++;
          const error = Object.assign(new Error('sink told to fail'), { responseCode: this.failureCode });
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        this.received.push({
          messageId: header(raw, 'Message-ID'),
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: header(raw, 'Subject'),
          raw,
        });
        callback();
      });
    },
  });

  /** Listens on `port` (a free one when 0): the same port again brings a stopped mail server back. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** Refuse the next `count` messages (Infinity: all) with this SMTP code: 4xx is temporary, 5xx permanent. */
  fail(count: number, code = 451): void {
    this.failures = count;
    this.failureCode = code;
  }

  /**
   * The first address matching `link` in the newest message to `to`, read from its
   * quoted-printable text (soft line breaks joined, `=3D` back to `=`).
   */
  linkTo(to: string, link: RegExp): string | undefined {
    const mail = this.received.filter((m) => m.to.includes(to)).at(-1);
    const text = mail?.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    return text ? link.exec(text)?.[0] : undefined;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** An unfolded header value (Subject may be folded or MIME-encoded by nodemailer). */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match ? match[1]!.replace(/\r?\n[ \t]/g, ' ').trim() : '';
}
