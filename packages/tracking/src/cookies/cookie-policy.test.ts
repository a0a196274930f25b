import { describe, expect, it } from 'vitest';
import { createMemoryCookieJar } from './cookie-jar';
import { clearTrackingCookies, readCrumb, trackingCookiesAllowed } from './cookie-policy';

describe('trackingCookiesAllowed', () => {
  it.each([
    [undefined, undefined, true],
    [{}, undefined, true],
    [{ isRestrictiveCookiePolicyEnabled: false }, undefined, true],
    [{ isRestrictiveCookiePolicyEnabled: true }, undefined, false],
    [{ isRestrictiveCookiePolicyEnabled: true }, 'false', false],
    [{ isRestrictiveCookiePolicyEnabled: true }, 'yes', false],
    [{ isRestrictiveCookiePolicyEnabled: true }, 'true', true],
  ])('settings %j with consent %j -> %s', (settings, consent, expected) => {
    const jar = createMemoryCookieJar(consent === undefined ? {} : { ss_cookieAllowed: consent });
    expect(trackingCookiesAllowed(settings, jar)).toBe(expected);
  });
});

describe('clearTrackingCookies', () => {
  it('removes visitor and analytics cookies and keeps session, consent and cart cookies', () => {
    const jar = createMemoryCookieJar({
      ss_cvr: 'x',
      ss_cvt: '1',
      ss_cid: 'c',
      ss_cpvisit: '1',
      ss_cvisit: '2',
      ss_aid: 'a',
      ss_asid: 's',
      crumb: 'k',
      ss_cookieAllowed: 'false',
      hasCart: 'true',
    });
    expect(clearTrackingCookies(jar).sort()).toEqual([
      'ss_aid',
      'ss_asid',
      'ss_cid',
      'ss_cpvisit',
      'ss_cvisit',
      'ss_cvr',
      'ss_cvt',
    ]);
    expect(
      jar
        .entries()
        .map((c) => c.name)
        .sort(),
    ).toEqual(['crumb', 'hasCart', 'ss_cookieAllowed']);
  });

  it('reads the crumb, empty when absent', () => {
    expect(readCrumb(createMemoryCookieJar({ crumb: 'abc' }))).toBe('abc');
    expect(readCrumb(createMemoryCookieJar())).toBe('');
  });
});
