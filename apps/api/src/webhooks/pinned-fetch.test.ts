import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mailingMessages } from '@site/page-content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINNED_FETCH_MAX_BYTES, pinnedFetch } from './pinned-fetch';
import { RefusedAddressError } from './url-policy';

describe('pinnedFetch', () => {
  let server: Server;
  let port: number;
  const seen: { method?: string; body: string; type?: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method, body, type: req.headers['content-type'] });
        if (req.url === '/big') return res.end('x'.repeat(PINNED_FETCH_MAX_BYTES + 10));
        if (req.url === '/moved') {
          res.writeHead(302, { location: 'http://169.254.169.254/' });
          return res.end();
        }
        res.setHeader('content-type', 'application/json');
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        res.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('reaches a local server only when the development switch allows private addresses', async () => {
    const dev = pinnedFetch({ allowPrivate: true });
    const res = await dev(`http://127.0.0.1:${port}/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: 'abc' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      body: 'code=abc',
      type: 'application/x-www-form-urlencoded',
    });

    const strict = pinnedFetch({ allowPrivate: false });
    const refused = await strict(`http://127.0.0.1:${port}/x`).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RefusedAddressError);
    expect((refused as Error).message).toBe(mailingMessages.webhookUrlPrivate);
  });

  it('refuses a name that resolves to a private address at connection time (DNS rebinding)', async () => {
    const requestsBefore = seen.length;
    // A public answer for the owner's check, then the private one when the connection resolves.
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const policy = { allowPrivate: false, resolve: async () => answers.shift() ?? ['127.0.0.1'] };
    const { webhookUrlProblem } = await import('./url-policy');
    expect(await webhookUrlProblem(`http://rebind.example:${port}/`, policy)).toBeUndefined();
    const err = await pinnedFetch(policy)(`http://rebind.example:${port}/`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RefusedAddressError);
    expect((err as Error).message).toBe(mailingMessages.webhookUrlPrivate);
    expect(seen.length).toBe(requestsBefore);
  });

  it('does not follow redirects, and refuses an answer too large to be a discovery document', async () => {
    const dev = pinnedFetch({ allowPrivate: true });
    const moved = await dev(`http://127.0.0.1:${port}/moved`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('http://169.254.169.254/');
    await expect(dev(`http://127.0.0.1:${port}/big`)).rejects.toThrow();
  });
});
