import { describe, expect, it } from 'vitest';
import {
  COOKIE_CONSENT_MODES,
  cookieConsentMessages,
  cookieConsentMode,
  cookieConsentOf,
  cookieConsentSchema,
  cookieSettingsFor,
  visitorCookieSettings,
  visitorRegion,
  type CookieConsentMode,
  type CookieConsentWhere,
} from './cookie-consent-api';

describe('cookie consent modes', () => {
  it.each([
    ['off', { isCookieBannerEnabled: false, isRestrictiveCookiePolicyEnabled: false }],
    ['notice', { isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: false }],
    ['opt-in', { isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: true }],
  ] as const)('%s is stored as the page context’s cookie settings and read back', (mode, settings) => {
    expect(cookieSettingsFor(mode)).toEqual(settings);
    expect(cookieConsentMode({ cookieSettings: settings })).toBe(mode);
  });

  it.each([
    ['nothing stored', undefined, 'off'],
    ['a restrictive policy without the banner flag', { isRestrictiveCookiePolicyEnabled: true }, 'opt-in'],
    ['flags that are not booleans', { isCookieBannerEnabled: 'yes' }, 'off'],
  ])('%s reads as %s', (_, cookieSettings, mode) => {
    expect(cookieConsentMode(cookieSettings === undefined ? {} : { cookieSettings })).toBe(mode);
  });

  it.each([{ mode: 'on' }, { mode: 1 }, {}, { mode: 'notice', extra: true }, { mode: 'off\u0000' }])(
    'refuses %j with a message naming the choices',
    (input) => {
      const parsed = cookieConsentSchema.safeParse(input);
      expect(parsed.success).toBe(false);
      if ('mode' in input && Object.keys(input).length === 1)
        expect(parsed.error?.issues[0]?.message).toBe(cookieConsentMessages.modeInvalid);
    },
  );

  it('accepts every mode', () => {
    for (const mode of COOKIE_CONSENT_MODES) expect(cookieConsentSchema.parse({ mode })).toEqual({ mode });
  });
});

describe('opt-in by region', () => {
  it.each([
    ['DE', 'consent-region'],
    ['fr', 'consent-region'],
    ['NO', 'consent-region'],
    ['GB', 'consent-region'],
    ['CH', 'consent-region'],
    ['US', 'elsewhere'],
    ['BR', 'elsewhere'],
    ['XX', 'unknown'],
    ['T1', 'unknown'],
    ['', 'unknown'],
    ['DEU', 'unknown'],
    ['D\u0000', 'unknown'],
    [undefined, 'unknown'],
    [['IT', 'US'], 'consent-region'],
  ] as const)('country header %j is %s', (header, region) => {
    expect(visitorRegion(header)).toBe(region);
  });

  const stored = (mode: CookieConsentMode, where?: CookieConsentWhere) => ({
    cookieSettings: cookieSettingsFor(mode, where),
  });
  // mode × where × visitor region → the page context's flags (banner, asked first).
  it.each([
    ['off', 'everywhere', 'consent-region', false, false],
    ['off', 'everywhere', 'elsewhere', false, false],
    ['notice', 'everywhere', 'consent-region', true, false],
    ['notice', 'everywhere', 'unknown', true, false],
    ['opt-in', 'everywhere', 'consent-region', true, true],
    ['opt-in', 'everywhere', 'elsewhere', true, true],
    ['opt-in', 'everywhere', 'unknown', true, true],
    ['opt-in', 'consent-region', 'consent-region', true, true],
    ['opt-in', 'consent-region', 'unknown', true, true],
    ['opt-in', 'consent-region', 'elsewhere', true, false],
  ] as const)('%s (%s), a visitor %s: banner %s, asked first %s', (mode, where, region, banner, asked) => {
    expect(visitorCookieSettings(stored(mode, where), region)).toEqual({
      isCookieBannerEnabled: banner,
      isRestrictiveCookiePolicyEnabled: asked,
    });
    expect(cookieConsentOf(stored(mode, where))).toEqual({
      mode,
      where: mode === 'opt-in' ? where : 'everywhere',
    });
  });

  it('refuses an unknown region choice with its message', () => {
    const parsed = cookieConsentSchema.safeParse({ mode: 'opt-in', where: 'eu' });
    expect(parsed.error?.issues[0]?.message).toBe(cookieConsentMessages.whereInvalid);
  });
});
