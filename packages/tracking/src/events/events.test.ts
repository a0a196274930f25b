import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryCookieJar } from '../cookies/cookie-jar';
import { createFakeTransport } from '../testing/fake-transport';
import { context, environment, sequentialIds } from '../testing/fixtures';
import { ensureAnalyticsIdentity } from './analytics-cookies';
import { createEvents } from './events';
import { clankerEventSchema, parseQueryParams, recordEventFormSchema } from './payloads';

function setup(opts: { enabled?: boolean; beacon?: boolean; identity?: boolean } = {}) {
  const transport = createFakeTransport({ beacon: opts.beacon ?? false });
  const warn = vi.fn();
  const events = createEvents({
    transport,
    jar: createMemoryCookieJar({ crumb: 'crumb-9' }),
    logger: { warn },
    context: {
      ...context,
      authenticatedAccount: { id: 'member-1' },
      memberLocale: 'fr-FR',
      pagePermissionType: 1,
    },
    environment,
    now: () => 1_700_000_000_500,
    identity: () => (opts.identity === false ? undefined : { analyticsId: 'a-1', sessionId: 's-1' }),
    sourceEnvironment: 'staging',
    sourceKind: 'WEB',
    isEnabled: () => opts.enabled ?? true,
  });
  return { transport, events, warn };
}

describe('legacy RecordEvent', () => {
  it('posts form-encoded crumb, event and the legacy payload', async () => {
    const { transport, events } = setup();
    await expect(events.recordEvent('newsletter_signup', { formId: 'f1' })).resolves.toBe(true);
    const req = transport.sent[0]!;
    expect(req.url).toBe('/api/events/RecordEvent');
    const form = recordEventFormSchema.parse(Object.fromEntries(new URLSearchParams(req.body)));
    expect(form).toEqual({
      crumb: 'crumb-9',
      event: 'newsletter_signup',
      data: {
        formId: 'f1',
        websiteId: 'site-1',
        templateId: 'tpl-1',
        memberAccountId: 'member-1',
        websiteLocale: 'en-US',
        memberLocale: 'fr-FR',
        pagePermissionType: 1,
        pagePath: '/store/p/mug',
        pageHash: '#reviews',
      },
    });
  });

  it('does not let event fields overwrite the page fields', async () => {
    const { transport, events } = setup();
    await events.recordEvent('x', { websiteId: 'forged' });
    expect(JSON.parse(new URLSearchParams(transport.sent[0]!.body).get('data')!).websiteId).toBe('site-1');
  });

  it.each([200, 202])('accepts status %i silently', async (status) => {
    const { transport, events, warn } = setup();
    transport.respond = () => status;
    await expect(events.recordEvent('x')).resolves.toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([204, 400, 500])('only logs status %i', async (status) => {
    const { transport, events, warn } = setup();
    transport.respond = () => status;
    await expect(events.recordEvent('x')).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(`Tracking call /api/events/RecordEvent answered ${status}; ignored.`);
  });

  it('only logs network failures', async () => {
    const { transport, events, warn } = setup();
    transport.respond = () => {
      throw new Error('offline');
    };
    await expect(events.recordEvent('x')).resolves.toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('sends nothing when tracking is off', async () => {
    const { transport, events } = setup({ enabled: false });
    await events.recordEvent('x');
    await events.sendClanker('s', {});
    expect(transport.sent).toEqual([]);
  });
});

describe('newsletter-form sign-up event', () => {
  it('records the sign-up with the form id, the page permission type and the member locale', async () => {
    const { transport, events } = setup();
    await expect(events.newsletterSignUp('block-news')).resolves.toBe(true);
    const form = recordEventFormSchema.parse(
      Object.fromEntries(new URLSearchParams(transport.sent[0]!.body)),
    );
    expect(form.event).toBe('newsletter_form_signup');
    expect(form.data).toMatchObject({
      formId: 'block-news',
      websiteId: 'site-1',
      memberAccountId: 'member-1',
      memberLocale: 'fr-FR',
      pagePermissionType: 1,
    });
  });

  it('sends nothing when tracking is off', async () => {
    const { transport, events } = setup({ enabled: false });
    await expect(events.newsletterSignUp('block-news')).resolves.toBe(false);
    expect(transport.sent).toEqual([]);
  });
});

describe('v2 clanker events', () => {
  it('posts eventSchemaName and eventContent as a JSON string with the second-schema context', async () => {
    const { transport, events } = setup();
    await expect(events.sendClanker('page_view', { extra: 1 })).resolves.toBe(true);
    const req = transport.sent[0]!;
    expect(req).toMatchObject({
      url: '/api/v1/clanker/events',
      contentType: 'application/json',
      via: 'post',
    });
    const body = clankerEventSchema.parse(JSON.parse(req.body));
    expect(body.eventSchemaName).toBe('page_view');
    expect(body.eventContent).toEqual({
      extra: 1,
      analyticsId: 'a-1',
      sessionId: 's-1',
      browserLanguage: 'en-GB',
      windowSize: { width: 1280, height: 720 },
      pageHost: 'shop.example',
      path: '/store/p/mug',
      queryParams: { color: 'blue', size: 'l' },
      referrer: 'https://search.example/',
      userAgent: 'TestAgent/1.0',
      timestamp: 1_700_000_000_500,
      sourceEnvironment: 'staging',
      sourceKind: 'WEB',
    });
  });

  it('leaves the analytics ids out when cookies are not allowed', () => {
    const { events } = setup({ identity: false });
    expect(events.clankerContext()).not.toHaveProperty('analyticsId');
  });

  it('uses the beacon when asked and available, else fetch with keepalive', async () => {
    const withBeacon = setup({ beacon: true });
    await withBeacon.events.sendClanker('s', {}, { beacon: true });
    expect(withBeacon.transport.sent[0]).toMatchObject({
      via: 'beacon',
      contentType: 'text/plain;charset=UTF-8',
    });
    const without = setup({ beacon: false });
    await without.events.sendClanker('s', {}, { beacon: true });
    expect(without.transport.sent[0]).toMatchObject({ via: 'post', keepalive: true });
  });

  it('posts to the validate endpoint in validate mode', async () => {
    const { transport, events } = setup({ beacon: true });
    await events.sendClanker('my_schema', {}, { validate: true, beacon: true });
    expect(transport.sent[0]).toMatchObject({
      url: '/api/v1/clanker/validate-event-content/my_schema',
      via: 'post',
    });
  });

  it.each([201, 404])('logs status %i and reports not accepted', async (status) => {
    const { transport, events, warn } = setup();
    transport.respond = () => status;
    await expect(events.sendClanker('s', {})).resolves.toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('parseQueryParams', () => {
  it('keeps the first value of each key and at most 1000 keys', () => {
    expect(parseQueryParams('?a=1&a=2&b=&__proto__=x')).toEqual({ a: '1', b: '', ['__proto__']: 'x' });
    const many = Array.from({ length: 1500 }, (_, i) => `k${i}=${i}`).join('&');
    const parsed = parseQueryParams(many);
    expect(Object.keys(parsed)).toHaveLength(1000);
    expect(parsed.k999).toBe('999');
    expect(parsed).not.toHaveProperty('k1000');
  });

  it('never yields more than 1000 keys for any query', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 1200 }), (pairs) => {
        const query = new URLSearchParams(pairs).toString();
        expect(Object.keys(parseQueryParams(query)).length).toBeLessThanOrEqual(1000);
      }),
      { numRuns: 30 },
    );
  });
});

describe('analytics cookies', () => {
  it('creates an analytics id for 390 days and a browser-session id, then reuses them', () => {
    const jar = createMemoryCookieJar({}, () => 0);
    const newId = sequentialIds('aid');
    expect(ensureAnalyticsIdentity(jar, newId)).toEqual({ analyticsId: 'aid-1', sessionId: 'aid-2' });
    const cookies = Object.fromEntries(jar.entries().map((c) => [c.name, c.maxAgeSeconds]));
    expect(cookies).toEqual({ ss_aid: 390 * 24 * 3600, ss_asid: undefined });
    expect(ensureAnalyticsIdentity(jar, newId)).toEqual({ analyticsId: 'aid-1', sessionId: 'aid-2' });
  });

  it('replaces malformed ids', () => {
    const jar = createMemoryCookieJar({ ss_aid: 'bad id!', ss_asid: '' });
    expect(ensureAnalyticsIdentity(jar, sequentialIds('n'))).toEqual({
      analyticsId: 'n-1',
      sessionId: 'n-2',
    });
  });
});
