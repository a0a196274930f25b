import {
  BUSINESS_HOURS_API,
  businessHoursMessages,
  COOKIE_CONSENT_API,
  DEFAULT_WEEK,
  SITE_PROFILE_API,
  THEME_API,
  type DayHours,
} from '@site/page-content';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Shopper } from '../../test/client';
import { databaseTargets } from '../../test/databases';
import { demoSiteSuite } from '../../test/demo-site-suite';
import { websites } from '../db/schema';

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));

const open = (opens: string, closes: string): DayHours => ({ closed: false, opens, closes });
const WEEK: DayHours[] = [
  { closed: true, opens: '09:00', closes: '17:00' },
  open('10:00', '18:00'),
  open('10:00', '18:00'),
  open('10:00', '18:00'),
  open('10:00', '20:00'),
  open('10:00', '20:00'),
  open('12:00', '16:00'),
];

describe.each(await databaseTargets())('opening hours on $name', (target) => {
  const site = demoSiteSuite(target);
  const home = async () => (await new Shopper(site.app).get('/')).body;
  const settings = async () =>
    (await site.database.db.select().from(websites).where(eq(websites.id, 'demo')))[0]!.settings;

  it('start unset, and only the owner or an admin reads or sets them', async () => {
    expect((await site.owner.call('GET', BUSINESS_HOURS_API)).json()).toEqual({ hours: null });
    expect((await new Shopper(site.app).get(BUSINESS_HOURS_API)).statusCode).toBe(401);
    expect((await site.viewer.call('GET', BUSINESS_HOURS_API)).statusCode).toBe(403);
    expect((await site.viewer.call('PUT', BUSINESS_HOURS_API, { hours: WEEK })).statusCode).toBe(403);
    expect((await settings()).businessHours).toBeUndefined();
  });

  it.each<[string, unknown, string | undefined]>([
    [
      'a time without a colon',
      { hours: [open('0900', '17:00'), ...DEFAULT_WEEK.slice(1)] },
      businessHoursMessages.timeInvalid,
    ],
    [
      'a NUL byte in a time',
      { hours: [open('09:00\u0000', '17:00'), ...DEFAULT_WEEK.slice(1)] },
      // Refused before the schema, as every call refuses unstorable text.
      undefined,
    ],
    [
      'the same opening and closing time',
      { hours: [open('09:00', '09:00'), ...DEFAULT_WEEK.slice(1)] },
      businessHoursMessages.sameTimes,
    ],
    ['six days', { hours: DEFAULT_WEEK.slice(1) }, businessHoursMessages.everyDay],
    ['a string for the week', { hours: 'always open' }, undefined],
    ['an unknown field', { hours: null, note: 'x' }, undefined],
    ['eight days', { hours: [...DEFAULT_WEEK, open('09:00', '17:00')] }, businessHoursMessages.everyDay],
  ])('refuses %s with a 400 and keeps what was saved', async (_name, body, message) => {
    const res = await site.owner.call('PUT', BUSINESS_HOURS_API, body);
    expect(res.statusCode, res.body).toBe(400);
    if (message) expect(res.body).toContain(message);
    expect((await settings()).businessHours).toBeUndefined();
  });

  it('refuses a huge week as too large before reading it', async () => {
    const res = await site.owner.call('PUT', BUSINESS_HOURS_API, {
      hours: Array.from({ length: 1000 }, () => open('09:00', '17:00')),
    });
    expect(res.statusCode).toBe(413);
    expect((await settings()).businessHours).toBeUndefined();
  });

  it('appear in Bistro’s “Visit us” in the site’s locale, and leave with null', async () => {
    expect((await site.owner.call('PUT', THEME_API.theme, { theme: 'bistro' })).statusCode).toBe(200);
    // No hours given: Bistro prints none rather than made-up ones.
    expect(await home()).not.toContain('class="bistro-hours"');
    const saved = await site.owner.call('PUT', BUSINESS_HOURS_API, { hours: WEEK });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ hours: WEEK });
    const rows = (html: string) =>
      [...html.matchAll(/<tr><th scope="row">([^<]+)<\/th><td>([^<]+)<\/td><\/tr>/g)].map(
        (m) => `${m[1]}: ${m[2]}`,
      );
    expect(rows(await home())).toEqual([
      'Monday: Closed',
      'Tuesday – Thursday: 10:00 AM – 6:00 PM',
      'Friday – Saturday: 10:00 AM – 8:00 PM',
      'Sunday: 12:00 PM – 4:00 PM',
    ]);
    // The site's locale sets the clock: a British site reads 24-hour times.
    const profile = (await site.owner.call('GET', SITE_PROFILE_API.profile)).json();
    const { iconUrl: _icon, ...input } = profile;
    expect(
      (await site.owner.call('PUT', SITE_PROFILE_API.profile, { ...input, locale: 'en-GB' })).statusCode,
    ).toBe(200);
    expect(rows(await home())[1]).toBe('Tuesday – Thursday: 10:00 – 18:00');
    expect(
      (await site.owner.call('PUT', SITE_PROFILE_API.profile, { ...input, locale: 'en-US' })).statusCode,
    ).toBe(200);
    // Taken away: gone from the page and from what the form reads.
    expect((await site.owner.call('PUT', BUSINESS_HOURS_API, { hours: null })).statusCode).toBe(200);
    expect(await home()).not.toContain('class="bistro-hours"');
    expect((await site.owner.call('GET', BUSINESS_HOURS_API)).json()).toEqual({ hours: null });
    expect((await site.owner.call('PUT', THEME_API.theme, { theme: 'fieldnotes' })).statusCode).toBe(200);
  });

  it('make the home page’s JSON-LD a LocalBusiness with its opening hours', async () => {
    const before = jsonLd(await home()).find((d) => d['@type'] === 'Organization');
    expect(before?.openingHoursSpecification).toBeUndefined();
    await site.owner.call('PUT', BUSINESS_HOURS_API, { hours: WEEK });
    const after = jsonLd(await home());
    expect(after.some((d) => d['@type'] === 'Organization')).toBe(false);
    expect(after.find((d) => d['@type'] === 'LocalBusiness')?.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [
          'https://schema.org/Tuesday',
          'https://schema.org/Wednesday',
          'https://schema.org/Thursday',
        ],
        opens: '10:00',
        closes: '18:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Friday', 'https://schema.org/Saturday'],
        opens: '10:00',
        closes: '20:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Sunday'],
        opens: '12:00',
        closes: '16:00',
      },
    ]);
    await site.owner.call('PUT', BUSINESS_HOURS_API, { hours: null });
    expect(jsonLd(await home()).some((d) => d['@type'] === 'Organization')).toBe(true);
  });

  it('and another setting saved at the same moment are both kept', async () => {
    const before = (await site.owner.call('GET', COOKIE_CONSENT_API)).json();
    const [hours, consent] = await Promise.all([
      site.owner.call('PUT', BUSINESS_HOURS_API, { hours: WEEK }),
      site.owner.call('PUT', COOKIE_CONSENT_API, { mode: 'notice' }),
    ]);
    expect([hours.statusCode, consent.statusCode]).toEqual([200, 200]);
    expect((await settings()).businessHours).toEqual(WEEK);
    expect((await site.owner.call('GET', COOKIE_CONSENT_API)).json().mode).toBe('notice');
    await site.owner.call('PUT', BUSINESS_HOURS_API, { hours: null });
    await site.owner.call('PUT', COOKIE_CONSENT_API, before);
  });
});
