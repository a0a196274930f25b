import { describe, expect, it } from 'vitest';
import { resolveSiteTimeZone } from './site-time-zone';

describe('site time zone', () => {
  const browser = () => 'Europe/Paris';
  it('uses the site zone the browser knows', () => {
    expect(resolveSiteTimeZone('Asia/Tokyo', browser)).toEqual({ zone: 'Asia/Tokyo' });
  });
  it('falls back to the browser offset when the zone has no data, saying "Failed to load timezone"', () => {
    expect(resolveSiteTimeZone('Mars/Olympus_Mons', browser)).toEqual({
      zone: 'Europe/Paris',
      warning: 'Failed to load timezone Mars/Olympus_Mons, retry connection or verify site availability',
    });
  });
  it('follows the browser, without a warning, while the site names no zone', () => {
    expect(resolveSiteTimeZone(undefined, browser)).toEqual({ zone: 'Europe/Paris' });
    expect(resolveSiteTimeZone('', browser)).toEqual({ zone: 'Europe/Paris' });
  });
});
