import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAILING_API, mailingMessages, SITES_API } from '@site/page-content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpEditor } from '../../test/http-editor';
import { startBuiltServer, type StartedServer } from '../../test/server';

/**
 * Attacks over real HTTP against the built server started as the README starts it: no NODE_ENV,
 * no development switches, the default log level.
 */
describe('the started server, as the README starts it', () => {
  let server: StartedServer;
  let receiver: Server;
  let receiverUrl: string;
  const received: string[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      res.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    // Sites under a base domain, so that signing up hands over a token to the new site's host.
    server = await startBuiltServer({
      BASE_DOMAIN: 'sites.test',
      LOG_LEVEL: undefined,
      NODE_ENV: undefined,
      WEBHOOKS_ALLOW_PRIVATE: undefined,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  });

  it('refuses webhooks to this machine and its network in every spelling, and posts nothing there', async () => {
    const owner = await new HttpEditor().signIn(server.url);
    const port = new URL(receiverUrl).port;
    for (const url of [
      `${receiverUrl}/hook`,
      `http://2130706433:${port}/hook`,
      `http://0x7f.0.0.1:${port}/hook`,
      `http://0177.0.0.1:${port}/hook`,
      `http://[::1]:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[fd00::1]/',
      `http://localhost:${port}/hook`,
    ]) {
      const res = await owner.call(`${server.url}${MAILING_API.webhooks}`, 'POST', {
        url,
        events: ['subscriber.added', 'form.submitted'],
      });
      expect(res.status, url).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error, url).toEqual(
        expect.objectContaining({ code: 'WEBHOOK_URL_REFUSED', message: mailingMessages.webhookUrlPrivate }),
      );
    }
    const hooks = await owner.call(`${server.url}${MAILING_API.webhooks}`);
    expect(((await hooks.json()) as { webhooks: unknown[] }).webhooks).toEqual([]);
    expect(received).toEqual([]);
  });

  it('never reads a sign-in hand-over token as a session cookie; the owner still spends it once', async () => {
    const platform = new HttpEditor();
    await platform.call(`${server.url}/api/crumb`);
    const created = await platform.call(`${server.url}${SITES_API.sites}`, 'POST', {
      email: 'handover@example.com',
      password: 'correct horse battery',
      title: 'Hand over',
      slug: 'hand-over',
    });
    expect(created.status).toBe(201);
    const site = (await created.json()) as { host: string; signInUrl: string };
    const token = new URL(site.signInUrl).hash.replace(/^#handoff=/, '');

    const thief = new HttpEditor(site.host);
    thief.cookies.set('siteUserSession', token);
    for (const path of ['/api/editor/me', SITES_API.domains, MAILING_API.webhooks]) {
      expect((await thief.call(`${server.url}${path}`)).status, path).toBe(401);
    }
    const owner = new HttpEditor(site.host);
    await owner.call(`${server.url}/api/crumb`);
    const exchanged = await owner.call(`${server.url}${SITES_API.handoff}`, 'POST', { token });
    expect(exchanged.status).toBe(200);
    owner.xsrf = ((await exchanged.json()) as { xsrfToken: string }).xsrfToken;
    expect((await owner.call(`${server.url}/api/editor/me`)).status).toBe(200);
    const again = new HttpEditor(site.host);
    await again.call(`${server.url}/api/crumb`);
    expect((await again.call(`${server.url}${SITES_API.handoff}`, 'POST', { token })).status).toBe(400);
  });
});
