import { createSocket, type Socket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import { siteAdminMessages, SITES_API } from '@site/page-content';
import dnsPacket from 'dns-packet';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { buildApp } from '../app';
import { CLAIM_EXPIRES_MS } from './domains';
import type { DatabaseHandle } from '../db/client';
import { siteDomains, siteHandoffs, siteSessions, websites } from '../db/schema';
import { DEMO_OWNER, seedDemoSite } from '../seed/demo-site';
import { createMember } from '../security/members';
import { hashSessionToken } from '../security/sessions';

const BASE = 'sites.test';
const PASSWORD = 'correct horse battery';

/**
 * A real name server on 127.0.0.1 for the verification lookups: TXT answers from `records`,
 * NXDOMAIN for anything else. The app resolves through node:dns pointed at it, as in production.
 */
async function startNameServer(records: Map<string, string[]>): Promise<{ socket: Socket; port: number }> {
  const socket = createSocket('udp4');
  socket.on('message', (message, peer) => {
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    const values = question?.type === 'TXT' ? records.get(question.name.toLowerCase()) : undefined;
    const answer = dnsPacket.encode({
      type: 'response',
      id: query.id,
      // The low four bits are the response code: 3 is NXDOMAIN.
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (values ? 0 : 3),
      questions: query.questions,
      answers: (values ?? []).map((data) => ({ type: 'TXT' as const, name: question!.name, ttl: 1, data })),
    });
    socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { socket, port: socket.address().port };
}

describe.each(await databaseTargets())('an owner manages their site on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let nameServer: { socket: Socket; port: number };
  const records = new Map<string, string[]>();
  let lookups = 0;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    nameServer = await startNameServer(records);
    const resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([`127.0.0.1:${nameServer.port}`]);
    app = await buildApp({
      database,
      writesPerMinute: 0,
      baseDomain: BASE,
      resolveTxt: (name) => {
        lookups++;
        return resolver.resolveTxt(name);
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    nameServer?.socket.close();
  });

  /** Signs up through the platform host and follows the sign-in link to the new host. */
  async function newSite(slug: string, email = `${slug}@example.com`) {
    const created = await new Shopper(app).post(SITES_API.sites, {
      email,
      password: PASSWORD,
      title: `Site ${slug}`,
      slug,
    });
    expect(created.statusCode, created.body).toBe(201);
    const site = created.json();
    const owner = new EditorClient(app, site.host);
    const token = new URL(site.signInUrl).hash.replace(/^#handoff=/, '');
    const handoff = await owner.request('POST', SITES_API.handoff, { token });
    expect(handoff.statusCode, handoff.body).toBe(200);
    owner.xsrf = handoff.json().xsrfToken;
    return { site, owner, token };
  }

  it('signs the new owner in on the new host with a one-time token carried in the URL fragment', async () => {
    const { site, owner, token } = await newSite('handed');
    expect(site.signInUrl).toMatch(new RegExp(`^http://handed\\.${BASE}/config#handoff=[\\w-]{40,}$`));
    expect((await owner.call('GET', '/api/editor/me')).json()).toMatchObject({
      email: 'handed@example.com',
      roles: ['owner'],
    });
    // Spent: the same token again, on the same host, is refused.
    const again = await new EditorClient(app, site.host).request('POST', SITES_API.handoff, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(siteAdminMessages.handoffInvalid);
  });

  it('never lets a hand-over token work as a session cookie, and keeps it apart from sessions', async () => {
    const created = (
      await new Shopper(app).post(SITES_API.sites, {
        email: 'cookie@example.com',
        password: PASSWORD,
        title: 'Cookie',
        slug: 'cookie-site',
      })
    ).json();
    const token = new URL(created.signInUrl).hash.replace(/^#handoff=/, '');
    expect(
      await database.db
        .select()
        .from(siteSessions)
        .where(eq(siteSessions.id, hashSessionToken(token))),
    ).toEqual([]);
    // The attack: the token from the URL sent as the session cookie reads nothing.
    const thief = new EditorClient(app, created.host);
    thief.cookies.set('siteUserSession', token);
    for (const url of ['/api/editor/me', SITES_API.domains, '/api/site-users/account/session']) {
      const res = await thief.request('GET', url);
      expect(res.statusCode, url).toBe(401);
    }
    // Nor was it spent by trying: the owner's exchange still works, once.
    const owner = new EditorClient(app, created.host);
    expect((await owner.request('POST', SITES_API.handoff, { token })).statusCode).toBe(200);
    expect(
      (await new EditorClient(app, created.host).request('POST', SITES_API.handoff, { token })).statusCode,
    ).toBe(400);
    expect(
      await database.db
        .select()
        .from(siteHandoffs)
        .where(eq(siteHandoffs.id, hashSessionToken(token))),
    ).toEqual([]);
  });

  it('hands over nothing on another site, for an ordinary session token, or an expired token', async () => {
    const created = (
      await new Shopper(app).post(SITES_API.sites, {
        email: 'other@example.com',
        password: PASSWORD,
        title: 'Other',
        slug: 'other-site',
      })
    ).json();
    const token = new URL(created.signInUrl).hash.replace(/^#handoff=/, '');
    // The demo site's host is another site: its token is nobody there.
    expect((await new EditorClient(app).request('POST', SITES_API.handoff, { token })).statusCode).toBe(400);
    // An ordinary (long) session of the new owner is not a hand-over.
    const signedIn = await new Shopper(app, created.host).post('/api/site-users/account/session', {
      email: 'other@example.com',
      password: PASSWORD,
      rememberMe: true,
    });
    const session = signedIn.cookies.find((c) => c.name === 'siteUserSession')!.value;
    expect(
      (await new EditorClient(app, created.host).request('POST', SITES_API.handoff, { token: session }))
        .statusCode,
    ).toBe(400);
    // Expired.
    await database.db
      .update(siteHandoffs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(siteHandoffs.id, hashSessionToken(token)));
    expect(
      (await new EditorClient(app, created.host).request('POST', SITES_API.handoff, { token })).statusCode,
    ).toBe(400);
    for (const body of [{}, { token: '' }, { token: 1 }, { token: 'a\u0000b' }, null]) {
      expect(
        (await new EditorClient(app, created.host).request('POST', SITES_API.handoff, body)).statusCode,
      ).toBe(400);
    }
  });

  it('lists the default address, adds a custom domain that routes only once its TXT record is found', async () => {
    const { owner } = await newSite('potter');
    expect((await owner.call('GET', SITES_API.domains)).json()).toEqual({
      domains: [{ host: `potter.${BASE}`, kind: 'default', verified: true }],
    });

    const added = await owner.call('POST', SITES_API.domains, { host: ' Shop.Potter-Example.COM. ' });
    expect(added.statusCode, added.body).toBe(201);
    const domain = added.json();
    expect(domain).toMatchObject({
      host: 'shop.potter-example.com',
      kind: 'custom',
      verified: false,
      verification: { name: '_site-verify.shop.potter-example.com' },
    });
    expect(domain.verification.value).toMatch(/^site-verify=[\w-]{20,}$/);
    // Not verified: the domain serves nothing yet.
    expect((await new Shopper(app, domain.host).get('/')).statusCode).toBe(404);

    // No record yet, then a wrong one: "not found yet", with the record to add.
    const lookupsBefore = lookups;
    const missing = await owner.call('POST', SITES_API.verifyDomain(domain.host));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'DOMAIN_NOT_VERIFIED',
      message: siteAdminMessages.notVerified(domain.verification.name, domain.verification.value),
    });
    records.set(domain.verification.name, ['site-verify=someone-else']);
    expect((await owner.call('POST', SITES_API.verifyDomain(domain.host))).statusCode).toBe(400);
    expect(lookups - lookupsBefore).toBe(2);

    // The right value, split in two strings as long TXT values are: verified, and it routes.
    const value: string = domain.verification.value;
    records.set(domain.verification.name, ['v=other', value]);
    const verified = await owner.call('POST', SITES_API.verifyDomain(domain.host));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ host: domain.host, verified: true });
    const home = await new Shopper(app, domain.host).get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Site potter');

    // Removing it stops it routing at once in this process; the default address cannot go.
    expect((await owner.call('DELETE', SITES_API.domain(domain.host))).statusCode).toBe(200);
    expect((await new Shopper(app, domain.host).get('/')).statusCode).toBe(404);
    const fixed = await owner.call('DELETE', SITES_API.domain(`potter.${BASE}`));
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().error.message).toBe(siteAdminMessages.defaultDomainFixed);
    expect((await owner.call('DELETE', SITES_API.domain('never-added.example.com'))).statusCode).toBe(404);
    expect((await owner.call('POST', SITES_API.verifyDomain('never-added.example.com'))).statusCode).toBe(
      404,
    );
  });

  it.each([
    ['https://shop.example.com', siteAdminMessages.hostInvalid],
    ['shop.example.com/path', siteAdminMessages.hostInvalid],
    ['shop.example.com:8080', siteAdminMessages.hostInvalid],
    ['example', siteAdminMessages.hostInvalid],
    ['-bad.example.com', siteAdminMessages.hostInvalid],
    ['a..example.com', siteAdminMessages.hostInvalid],
    ['192.168.1.20', siteAdminMessages.hostInvalid],
    ['café.example.com', siteAdminMessages.hostInvalid],
    [`${'a'.repeat(64)}.example.com`, siteAdminMessages.hostInvalid],
    ['shop.localhost', siteAdminMessages.hostInvalid],
    ['', siteAdminMessages.hostInvalid],
    [`someone.${BASE}`, siteAdminMessages.hostPlatform],
    [BASE, siteAdminMessages.hostPlatform],
  ])('refuses the domain %j: %s', async (host, message) => {
    const { owner } = await newSite(`refuse-${Math.random().toString(36).slice(2, 8)}`);
    const res = await owner.call('POST', SITES_API.domains, { host });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message, fieldErrors: { host: message } });
  });

  it('lets the real owner take a domain a squatter claimed without verifying: first to verify wins', async () => {
    const squatter = await newSite('squatter');
    const owner = await newSite('real-owner');
    const host = 'brand.example.net';
    // The attack: a new site claims a domain it does not own, and cannot verify.
    const squat = await squatter.owner.call('POST', SITES_API.domains, { host });
    expect(squat.statusCode).toBe(201);
    // The real owner is not told DOMAIN_TAKEN: the claim is theirs to verify.
    const claim = await owner.owner.call('POST', SITES_API.domains, { host });
    expect(claim.statusCode, claim.body).toBe(201);
    records.set(claim.json().verification.name, [claim.json().verification.value]);
    const verified = await owner.owner.call('POST', SITES_API.verifyDomain(host));
    expect(verified.statusCode, verified.body).toBe(200);
    const home = await new Shopper(app, host).get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Site real-owner');
    // Now the host is taken: the squatter can neither verify its claim (even with the owner's
    // record also holding its token) nor claim it again.
    records.set(claim.json().verification.name, [
      claim.json().verification.value,
      squat.json().verification.value,
    ]);
    const late = await squatter.owner.call('POST', SITES_API.verifyDomain(host));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('DOMAIN_TAKEN');
    expect((await squatter.owner.call('POST', SITES_API.domains, { host })).statusCode).toBe(409);
    expect((await new Shopper(app, host).get('/')).body).toContain('Site real-owner');
  });

  it('lets an unverified claim expire after 7 days: gone from the list, not verifiable, claimable again', async () => {
    const { owner, site } = await newSite('slow-claim');
    const host = 'later.example.net';
    const claim = (await owner.call('POST', SITES_API.domains, { host })).json();
    await database.db
      .update(siteDomains)
      .set({ createdAt: new Date(Date.now() - CLAIM_EXPIRES_MS - 60_000) })
      .where(and(eq(siteDomains.host, host), eq(siteDomains.websiteId, site.websiteId)));
    expect(
      (await owner.call('GET', SITES_API.domains)).json().domains.map((d: { host: string }) => d.host),
    ).toEqual([site.host]);
    records.set(claim.verification.name, [claim.verification.value]);
    expect((await owner.call('POST', SITES_API.verifyDomain(host))).statusCode).toBe(404);
    const again = await owner.call('POST', SITES_API.domains, { host });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().verification.value).not.toBe(claim.verification.value);
  });

  it('refuses a domain another site has verified (409), and hostile payloads with a 4xx', async () => {
    const first = await newSite('first-claim');
    const second = await newSite('second-claim');
    const claim = await first.owner.call('POST', SITES_API.domains, { host: 'claimed.example.org' });
    expect(claim.statusCode).toBe(201);
    records.set(claim.json().verification.name, [claim.json().verification.value]);
    expect((await first.owner.call('POST', SITES_API.verifyDomain('claimed.example.org'))).statusCode).toBe(
      200,
    );
    const taken = await second.owner.call('POST', SITES_API.domains, { host: 'CLAIMED.example.org' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(siteAdminMessages.hostTaken);
    // The second site cannot verify or remove the first one's domain either.
    expect((await second.owner.call('POST', SITES_API.verifyDomain('claimed.example.org'))).statusCode).toBe(
      404,
    );
    expect((await second.owner.call('DELETE', SITES_API.domain('claimed.example.org'))).statusCode).toBe(404);
    for (const body of [
      { host: 'a\u0000b.example.com' },
      { host: '\uD800.example.com' },
      { host: 5 },
      { host: 'x'.repeat(5000) },
      [],
      null,
    ]) {
      const res = await second.owner.call('POST', SITES_API.domains, body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('refuses every site call without an owner session: 401 signed out, 403 for an editor', async () => {
    const { site } = await newSite('guarded');
    await createMember(database.db, {
      websiteId: site.websiteId,
      email: 'editor@example.com',
      password: PASSWORD,
      roles: ['editor'],
    });
    const editor = await new EditorClient(app, site.host).signIn({
      email: 'editor@example.com',
      password: PASSWORD,
    });
    const anonymous = new EditorClient(app, site.host);
    const calls: [string, string, unknown?][] = [
      ['GET', SITES_API.domains],
      ['POST', SITES_API.domains, { host: 'guarded.example.com' }],
      ['POST', SITES_API.verifyDomain(`guarded.${BASE}`)],
      ['DELETE', SITES_API.domain(`guarded.${BASE}`)],
      ['DELETE', SITES_API.site, { confirmTitle: 'Site guarded' }],
    ];
    for (const [method, url, body] of calls) {
      expect((await anonymous.call(method as 'GET', url, body)).statusCode, `${method} ${url}`).toBe(401);
      const refused = await editor.call(method as 'GET', url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.message).toBe(siteAdminMessages.ownerOnly);
    }
    expect((await new Shopper(app, site.host).get('/')).statusCode).toBe(200);
  });

  it('removes a site softly after the owner types its title: its hosts answer 404, its rows stay to restore', async () => {
    const { site, owner } = await newSite('going');
    const wrong = await owner.call('DELETE', SITES_API.site, { confirmTitle: 'Site Going' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fieldErrors).toEqual({ confirmTitle: siteAdminMessages.confirmMismatch });
    expect((await owner.call('DELETE', SITES_API.site)).statusCode).toBe(400);

    const removed = await owner.call('DELETE', SITES_API.site, { confirmTitle: ' Site going ' });
    expect(removed.statusCode, removed.body).toBe(200);
    const until = Date.parse(removed.json().restorableUntil);
    expect(removed.json().restoreUrl).toBe(`http://${BASE}/config#restore`);
    expect(until - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600 * 1000);
    expect((await new Shopper(app, site.host).get('/')).statusCode).toBe(404);
    expect((await new Shopper(app, site.host).get('/api/editor/me')).statusCode).toBe(404);

    // Everything is still there; clearing deleted_at brings the site back whole.
    const [row] = await database.db.select().from(websites).where(eq(websites.id, site.websiteId));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    await database.db.update(websites).set({ deletedAt: null }).where(eq(websites.id, site.websiteId));
    const back = await new Shopper(app, site.host).get('/');
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Site going');
  });

  it("refuses to remove the deployment's own site", async () => {
    const demo = await new EditorClient(app).signIn(DEMO_OWNER);
    const res = await demo.call('DELETE', SITES_API.site, { confirmTitle: 'Fieldnotes Supply Co.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(siteAdminMessages.defaultSiteFixed);
  });
});
