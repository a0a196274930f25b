import {
  AUTOMATED_RECORDING_ID,
  cohortOf,
  PASSWORD_MASK,
  RECORDING_MAX_BYTES,
  RECORDINGS_PAGE_SIZE,
  VISITOR_RECORDINGS_API,
  type RecordingEvent,
  type SurveyCohort,
} from '@site/tracking';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { EditorClient } from '../../test/editor';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { visitorRecordings, websites } from '../db/schema';
import { createMember } from '../security/members';
import { DEMO_OWNER, DEMO_WEBSITE_ID, seedDemoSite } from '../seed/demo-site';

const targets = await databaseTargets();
const GET_ID = '/api/commerce/fullstory/getId';
const VISIT = 1_800_000_000_000;
const VIEWER = { email: 'viewer@demo.test', password: 'viewer-password-1' };

/** A visitor id whose survey cohort is `cohort`. */
const idIn = (cohort: SurveyCohort, salt = '') => {
  for (let i = 0; ; i++) if (cohortOf(`v${salt}${i}`) === cohort) return `v${salt}${i}`;
};
const cvr = (id: string, visit = VISIT) => `${id}|${VISIT}|${VISIT}|${visit}|1`;
const events = (...list: RecordingEvent[]) => ({ events: list });
const page = (path: string, t = VISIT + 1000): RecordingEvent => ({ kind: 'page', t, path });

describe.each(targets)('visitor recordings on $name', (target) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let owner: EditorClient;

  beforeAll(async () => {
    database = await target.open();
    await seedDemoSite(database.db);
    await createMember(database.db, { websiteId: DEMO_WEBSITE_ID, ...VIEWER, roles: ['viewer'] });
    app = await buildApp({ database });
    owner = await new EditorClient(app).signIn(DEMO_OWNER);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(visitorRecordings);
    await setSettings({ enabled: true, share: 100 });
  });

  const setSettings = async (settings: { enabled: boolean; share: number }) => {
    const res = await owner.call('PUT', `${VISITOR_RECORDINGS_API}/settings`, settings);
    expect(res.statusCode).toBe(200);
  };
  const visitor = (id = idIn('A'), visit = VISIT) => {
    const shopper = new Shopper(app);
    shopper.cookies.set('ss_cvr', cvr(id, visit));
    return shopper;
  };
  const getId = (who: Shopper, { country = 'US', query = 'cores=8' } = {}) =>
    who.request('GET', `${GET_ID}?${query}`, undefined, country ? { 'cf-ipcountry': country } : {});
  const idOf = async (who: Shopper, options?: Parameters<typeof getId>[1]) => {
    const res = await getId(who, options);
    expect(res.statusCode).toBe(200);
    return res.json() as string;
  };
  const send = (who: Shopper, id: string, body: unknown, headers: Record<string, string> = {}) =>
    who.request('POST', `/api/visitor-recordings/${id}/events`, body, headers);

  describe('GET /api/commerce/fullstory/getId returns a string id', () => {
    it("returns the visit's recording id, the same on every page of the visit and a new one next visit", async () => {
      const who = visitor();
      const id = await idOf(who);
      expect(id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
      expect(id).not.toBe(AUTOMATED_RECORDING_ID);
      expect(await idOf(who)).toBe(id);
      expect(await idOf(visitor(idIn('A'), VISIT + 3_600_000))).not.toBe(id);
    });

    it.each<[string, () => Shopper, Parameters<typeof getId>[1]]>([
      ['a visitor from Germany', () => visitor(), { country: 'DE' }],
      ['a visitor whose country is not known', () => visitor(), { country: '' }],
      ['a device with 2 cores', () => visitor(), { query: 'cores=2' }],
      ['a device that does not say', () => visitor(), { query: '' }],
      ['no visitor record (cookies refused)', () => new Shopper(app), {}],
    ])('answers automated-mock-id for %s, and records nothing', async (_, who, options) => {
      expect(await idOf(who(), options)).toBe(AUTOMATED_RECORDING_ID);
      expect(await database.db.select().from(visitorRecordings)).toEqual([]);
    });

    it('answers Japan like the US', async () => {
      expect(await idOf(visitor(), { country: 'JP' })).not.toBe(AUTOMATED_RECORDING_ID);
    });

    it('the feature toggle: off by default and when the owner turns it off', async () => {
      await database.db
        .update(websites)
        .set({ settings: sql`${websites.settings} - 'visitorRecordings'` })
        .where(eq(websites.id, DEMO_WEBSITE_ID));
      expect(await idOf(visitor())).toBe(AUTOMATED_RECORDING_ID);
      await setSettings({ enabled: true, share: 100 });
      expect(await idOf(visitor())).not.toBe(AUTOMATED_RECORDING_ID);
      await setSettings({ enabled: false, share: 100 });
      expect(await idOf(visitor(idIn('A', 'x')))).toBe(AUTOMATED_RECORDING_ID);
    });

    it('the experiment variant: the share of visits recorded picks survey cohorts', async () => {
      await setSettings({ enabled: true, share: 20 });
      expect(await idOf(visitor(idIn('A')))).not.toBe(AUTOMATED_RECORDING_ID);
      expect(await idOf(visitor(idIn('B')))).toBe(AUTOMATED_RECORDING_ID);
      await setSettings({ enabled: true, share: 40 });
      expect(await idOf(visitor(idIn('B')))).not.toBe(AUTOMATED_RECORDING_ID);
    });

    it('refuses a malformed core count with 400', async () => {
      const res = await getId(visitor(), { query: 'cores=lots' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('Experiment overrides via query string apply only to internal sites or internal users', () => {
    const force = 'cores=8&experiment-override=visitor-recording:record';
    beforeEach(() => setSettings({ enabled: true, share: 20 }));

    it('an anonymous visitor cannot force the recording variant', async () => {
      expect(await idOf(visitor(idIn('E')), { query: force })).toBe(AUTOMATED_RECORDING_ID);
    });

    it("the site's own team signed in can, a customer account cannot", async () => {
      const staff = new EditorClient(app);
      await staff.signIn(VIEWER);
      staff.cookies.set('ss_cvr', cvr(idIn('E')));
      expect(await idOf(staff, { query: force })).not.toBe(AUTOMATED_RECORDING_ID);
      expect(await idOf(staff, { query: 'cores=8&experiment-override=visitor-recording:control' })).toBe(
        AUTOMATED_RECORDING_ID,
      );
    });

    it('on a site flagged internal, anyone can', async () => {
      await database.db
        .update(websites)
        .set({ settings: sql`jsonb_set(${websites.settings}, '{internal}', 'true')` })
        .where(eq(websites.id, DEMO_WEBSITE_ID));
      try {
        expect(await idOf(visitor(idIn('E')), { query: force })).not.toBe(AUTOMATED_RECORDING_ID);
      } finally {
        await database.db
          .update(websites)
          .set({ settings: sql`${websites.settings} - 'internal'` })
          .where(eq(websites.id, DEMO_WEBSITE_ID));
      }
    });
  });

  describe('recording events', () => {
    it('stores batches, masks only password values and refuses any other field value', async () => {
      const who = visitor();
      const id = await idOf(who);
      const field = {
        kind: 'field',
        t: VISIT + 3000,
        action: 'change',
        target: 'input#pw',
        fieldType: 'password',
      } as const;
      expect(
        (await send(who, id, events(page('/shop'), { ...field, value: PASSWORD_MASK }))).statusCode,
      ).toBe(204);
      // A beacon's text/plain body is read as JSON too.
      const beacon = await send(who, id, JSON.stringify(events(page('/cart', VISIT + 2000))), {
        'content-type': 'text/plain;charset=UTF-8',
      });
      expect(beacon.statusCode).toBe(204);
      for (const hostile of [
        { ...field, value: 'hunter2' },
        { ...field, fieldType: 'email', value: PASSWORD_MASK },
        { ...field, fieldType: 'email', typed: 'ann@example.com' },
      ]) {
        const res = await send(who, id, { events: [hostile] });
        expect(res.statusCode).toBe(400);
      }
      const [row] = await database.db.select().from(visitorRecordings);
      expect(row!.eventCount).toBe(3);
      expect(JSON.stringify(row!.events)).not.toMatch(/hunter2|ann@example/);
    });

    it.each<[string, (id: string) => [string, unknown, Record<string, string>?], number]>([
      ['NUL bytes', (id) => [id, events(page('/a\u0000b'))], 400],
      [
        'a lone surrogate',
        (id) => [id, events({ kind: 'click', t: VISIT, target: 'a', text: '\ud800' })],
        400,
      ],
      ['not JSON as text', (id) => [id, '{oops', { 'content-type': 'text/plain' }], 400],
      ['an empty batch', (id) => [id, { events: [] }], 400],
      ['too many events', (id) => [id, { events: Array.from({ length: 101 }, () => page('/')) }], 400],
      ['an unknown recording', () => ['00000000-0000-4000-8000-000000000000', events(page('/'))], 404],
      ['a malformed id', () => ['not!an!id', events(page('/'))], 400],
      ['a cross-site request', (id) => [id, events(page('/')), { 'sec-fetch-site': 'cross-site' }], 403],
    ])('refuses %s with a 4xx', async (_, build, status) => {
      const who = visitor();
      const [id, body, headers] = build(await idOf(who));
      const res = await send(who, id, body, headers);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error: { message: expect.any(String) } });
    });

    it("refuses another visitor's recording", async () => {
      const id = await idOf(visitor(idIn('A')));
      const res = await send(visitor(idIn('A', 'other')), id, events(page('/')));
      expect(res.statusCode).toBe(404);
    });

    it('refuses a batch that would take the recording past its size cap, with 413', async () => {
      const who = visitor();
      const id = await idOf(who);
      await database.db
        .update(visitorRecordings)
        .set({ bytes: RECORDING_MAX_BYTES - 10 })
        .where(eq(visitorRecordings.id, id));
      const res = await send(who, id, events(page('/checkout')));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: { code: 'RECORDING_FULL' } });
    });
  });

  describe('what the owner sees', () => {
    it('lists recordings with their landing page and shows one timeline in order', async () => {
      const who = visitor();
      const id = await idOf(who);
      await send(
        who,
        id,
        events({ kind: 'click', t: VISIT + 5000, target: 'button#buy', text: 'Add to cart' }),
      );
      await send(
        who,
        id,
        events(page('/shop/p/mug', VISIT + 1000), { kind: 'scroll', t: VISIT + 3000, depth: 50 }),
      );
      const list = await owner.call('GET', VISITOR_RECORDINGS_API);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({
        settings: { enabled: true, share: 100 },
        recordings: [{ id, country: 'US', landingPath: '/shop/p/mug', pages: 1, events: 3 }],
      });
      const detail = await owner.call('GET', `${VISITOR_RECORDINGS_API}/${id}`);
      expect(detail.json().timeline.map((e: RecordingEvent) => e.kind)).toEqual(['page', 'scroll', 'click']);
    });

    it('pages the list newest first: Show older recordings asks from where the last page ended', async () => {
      await database.db.delete(visitorRecordings);
      const now = Date.now();
      const made = Array.from({ length: RECORDINGS_PAGE_SIZE + 3 }, (_, i) => ({
        id: `paged-${String(i).padStart(4, '0')}`,
        websiteId: DEMO_WEBSITE_ID,
        visitorId: `visitor-${i}`,
        visitStartedAt: new Date(now - i * 60_000),
        startedAt: new Date(now - i * 60_000),
        country: 'US',
        eventCount: 1,
        events: [page(`/p/${i}`, now - i * 60_000)],
      }));
      // One visit with nothing recorded yet is not listed.
      await database.db
        .insert(visitorRecordings)
        .values([...made, { ...made[0]!, id: 'paged-empty', visitorId: 'empty', eventCount: 0, events: [] }]);
      const first = (await owner.call('GET', VISITOR_RECORDINGS_API)).json();
      expect(first.recordings.map((r: { id: string }) => r.id)).toEqual(
        made.slice(0, RECORDINGS_PAGE_SIZE).map((r) => r.id),
      );
      expect(first.hasMore).toBe(true);
      const next = (
        await owner.call('GET', `${VISITOR_RECORDINGS_API}?offset=${RECORDINGS_PAGE_SIZE}`)
      ).json();
      expect(next.recordings.map((r: { id: string }) => r.id)).toEqual(
        made.slice(RECORDINGS_PAGE_SIZE).map((r) => r.id),
      );
      expect(next.hasMore).toBe(false);
      for (const offset of ['-1', 'abc', '99999999', '1e400'])
        expect((await owner.call('GET', `${VISITOR_RECORDINGS_API}?offset=${offset}`)).statusCode).toBe(400);
    });

    it('keeps recordings 30 days: an older one is neither listed nor opened, and is deleted', async () => {
      const who = visitor();
      const id = await idOf(who);
      await send(who, id, events(page('/')));
      await database.db
        .update(visitorRecordings)
        .set({ startedAt: new Date(Date.now() - 31 * 86_400_000) })
        .where(eq(visitorRecordings.id, id));
      expect((await owner.call('GET', VISITOR_RECORDINGS_API)).json().recordings).toEqual([]);
      expect((await owner.call('GET', `${VISITOR_RECORDINGS_API}/${id}`)).statusCode).toBe(404);
      await idOf(visitor(idIn('A', 'next')));
      expect(await database.db.select().from(visitorRecordings).where(eq(visitorRecordings.id, id))).toEqual(
        [],
      );
    });

    it('a viewer of the analytics may not read recordings or change the switch', async () => {
      const viewer = await new EditorClient(app).signIn(VIEWER);
      expect((await viewer.call('GET', VISITOR_RECORDINGS_API)).statusCode).toBe(403);
      expect(
        (await viewer.call('PUT', `${VISITOR_RECORDINGS_API}/settings`, { enabled: true, share: 20 }))
          .statusCode,
      ).toBe(403);
    });

    it.each([
      ['a share that is not a step of 20', { enabled: true, share: 50 }],
      ['a missing switch', { share: 20 }],
      ['an extra field', { enabled: true, share: 20, everyone: true }],
    ])('refuses %s with 400', async (_, body) => {
      const res = await owner.call('PUT', `${VISITOR_RECORDINGS_API}/settings`, body);
      expect(res.statusCode).toBe(400);
    });
  });
});
