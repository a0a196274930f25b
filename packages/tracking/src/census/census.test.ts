import { describe, expect, it } from 'vitest';
import { createFakeTransport } from '../testing/fake-transport';
import { context, environment } from '../testing/fixtures';
import { createCensus } from './census';
import {
  buttonEventSchema,
  formRenderEventSchema,
  overlayEventSchema,
  recordHitFormSchema,
} from './payloads';

const CVR = 'v-1|1700000000000|1700000000000|1700000000000|1';

function setup(opts: { enabled?: boolean; cvr?: string } = {}) {
  const transport = createFakeTransport();
  const census = createCensus({
    transport,
    context,
    environment,
    visitorCookie: () => opts.cvr ?? CVR,
    now: () => 1_700_000_000_123,
    isEnabled: () => opts.enabled ?? true,
  });
  return { transport, census };
}

describe('census', () => {
  it('records a hit as form fields the API schema accepts', async () => {
    const { transport, census } = setup();
    await census.recordHit();
    expect(transport.sent).toHaveLength(1);
    const [req] = transport.sent;
    expect(req!.url).toBe('/api/census/RecordHit');
    expect(req!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const form = recordHitFormSchema.parse(Object.fromEntries(new URLSearchParams(req!.body)));
    expect(form.ss_cvr).toBe(CVR);
    expect(form.data).toEqual({
      userAgent: 'TestAgent/1.0',
      clientDate: 1_700_000_000_123,
      viewport: { width: 1280, height: 720 },
      screen: { width: 1920, height: 1080 },
      websiteId: 'site-1',
      templateId: 'tpl-1',
      locale: 'en-US',
      url: environment.url,
      title: 'Mug',
      itemId: 'item-1',
      collectionId: 'col-1',
      localStorageSupported: true,
      queryString: 'color=blue&size=l',
      referrer: 'https://search.example/',
    });
  });

  it('sends an empty ss_cvr when no visitor cookie may be kept', async () => {
    const { transport, census } = setup({ cvr: '' });
    await census.recordHit();
    expect(new URLSearchParams(transport.sent[0]!.body).get('ss_cvr')).toBe('');
  });

  it('ignores failures: network errors and error statuses never reject', async () => {
    const { transport, census } = setup();
    transport.respond = () => {
      throw new Error('offline');
    };
    await expect(census.recordHit()).resolves.toBeUndefined();
    transport.respond = () => 500;
    await expect(census.buttonClick({ buttonId: 'b' })).resolves.toBeUndefined();
  });

  it('sends nothing when tracking is off', async () => {
    const { transport, census } = setup({ enabled: false });
    await Promise.all([
      census.recordHit(),
      census.buttonClick({ buttonId: 'b' }),
      census.buttonRender({ buttonId: 'b' }),
      census.formRender('f'),
      census.overlay({ overlayId: 'o', action: 'render' }),
      census.quickView('i'),
    ]);
    expect(transport.sent).toEqual([]);
  });

  it.each([
    ['buttonClick', '/api/census/button-click', buttonEventSchema],
    ['buttonRender', '/api/census/button-render', buttonEventSchema],
  ] as const)('%s posts visitor cookie, page and button fields', async (method, url, schema) => {
    const { transport, census } = setup();
    await census[method]({ buttonId: 'cta', buttonText: 'Shop', buttonHref: '/shop' });
    const req = transport.sent[0]!;
    expect(req.url).toBe(url);
    expect(schema.parse(JSON.parse(req.body))).toEqual({
      visitorCookie: CVR,
      websiteId: 'site-1',
      templateId: 'tpl-1',
      collectionId: 'col-1',
      itemId: 'item-1',
      url: environment.url,
      buttonId: 'cta',
      buttonText: 'Shop',
      buttonHref: '/shop',
    });
  });

  it('posts form renders and overlay events', async () => {
    const { transport, census } = setup();
    await census.formRender('form-9');
    await census.overlay({ overlayId: 'promo', action: 'close' });
    expect(transport.sent.map((r) => r.url)).toEqual(['/api/census/form-render', '/api/census/overlay']);
    expect(formRenderEventSchema.parse(JSON.parse(transport.sent[0]!.body)).formId).toBe('form-9');
    expect(overlayEventSchema.parse(JSON.parse(transport.sent[1]!.body))).toMatchObject({
      overlayId: 'promo',
      action: 'close',
      visitorCookie: CVR,
    });
  });

  it('records a quick view with the item id in the path and no body', async () => {
    const { transport, census } = setup();
    await census.quickView('item/42');
    expect(transport.sent[0]).toMatchObject({ url: '/api/census/RecordQuickView/item%2F42', body: '' });
  });

  it('rejects hits the API must not trust', () => {
    const good = { event: 'view', data: '{}', ss_cvr: '' };
    expect(recordHitFormSchema.safeParse(good).success).toBe(false);
    expect(recordHitFormSchema.safeParse({ ...good, data: 'not json' }).success).toBe(false);
    expect(
      buttonEventSchema.safeParse({
        visitorCookie: 'bad|cookie',
        websiteId: 'w',
        templateId: 't',
        url: 'u',
        buttonId: 'b',
      }).success,
    ).toBe(false);
  });
});
