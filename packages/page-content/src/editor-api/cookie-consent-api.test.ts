import { describe, expect, it } from 'vitest';
import {
  COOKIE_CONSENT_MODES,
  cookieConsentMessages,
  cookieConsentMode,
  cookieConsentSchema,
  cookieSettingsFor,
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
