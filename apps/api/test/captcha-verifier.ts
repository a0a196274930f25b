import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The secret the local verifier knows; the server under test is configured with it. */
export const LOCAL_VERIFIER_SECRET = 'local-secret';

/**
 * Plays the captcha provider's siteverify endpoint on 127.0.0.1: it knows one secret and which
 * action each token was minted for, and records every check it was asked.
 */
export async function startCaptchaVerifier(minted: Record<string, string>) {
  const seen: Record<string, string>[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      seen.push(form);
      const action = minted[form.response ?? ''];
      const success = req.method === 'POST' && form.secret === LOCAL_VERIFIER_SECRET && action !== undefined;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          success
            ? { success, action, score: 0.9 }
            : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
