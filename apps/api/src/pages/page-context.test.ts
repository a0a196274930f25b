import { VIEWING_ROLES } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { PAGE_TYPE } from '../site/page-type';
import type { WebsiteRow } from '../site/site-data';
import {
  confirmedOrderForBrowser,
  pagePermissionType,
  popupOverlayContext,
  visitorContext,
} from './page-context';
import type { PageRow } from '../site/site-data';
import type { Resolved } from './resolve-path';

const NOW = new Date('2026-11-20T12:00:00Z');
const website = (settings: Record<string, unknown> = {}) =>
  ({ id: 'w', currency: 'EUR', settings }) as WebsiteRow;
const resolved = (fields: Partial<Resolved>): Resolved => ({
  status: 200,
  pageType: PAGE_TYPE.page,
  templateName: 'page',
  extra: {},
  ...fields,
});
const money = (value: string) => ({ value, currency: 'EUR' });
const order = {
  id: 'o1',
  grandTotal: money('12.50'),
  shipping: money('2.00'),
  tax: money('0.50'),
  items: [{ itemId: 'p1', productName: 'Mug', sku: 'M-1', quantity: 2, unitPrice: money('5.00') }],
};

describe('visitorContext', () => {
  it('names every viewing role, true or false, and reads the owner switches strictly', () => {
    const context = visitorContext(
      website({
        cookieSettings: { isCookieBannerEnabled: 'yes' },
        betaFeatureFlags: ['a', 3],
        censusDisabled: true,
        captchaSettings: { siteKey: '' },
      }),
      { member: true, now: NOW, account: { id: 'm1', roles: ['editor'] } },
    );
    expect(Object.keys(context.websiteRoles).sort()).toEqual([...VIEWING_ROLES].sort());
    expect(Object.entries(context.websiteRoles).filter(([, on]) => on)).toEqual([['editor', true]]);
    expect(context).toMatchObject({
      authenticatedAccount: { id: 'm1' },
      cookieSettings: { isCookieBannerEnabled: false, isRestrictiveCookiePolicyEnabled: false },
      betaFeatureFlags: ['a'],
      censusDisabled: true,
      storeCurrency: 'EUR',
    });
    expect(context).not.toHaveProperty('captchaSettings');
  });

  it('passes the public captcha key only when one is set', () => {
    const context = visitorContext(website({ captchaSettings: { siteKey: 'site-key', secret: 's' } }), {
      member: false,
      now: NOW,
    });
    expect(context.captchaSettings).toEqual({ siteKey: 'site-key' });
    expect(context.authenticatedAccount).toBeUndefined();
  });
});

describe('member locale on events', () => {
  it("carries the signed-in member's own language, and none when they follow the site's", () => {
    const chose = visitorContext(website(), {
      member: true,
      now: NOW,
      account: { id: 'm1', roles: [], locale: 'fr-FR' },
    });
    expect(chose).toMatchObject({ memberLocale: 'fr-FR' });
    const follows = visitorContext(website(), {
      member: true,
      now: NOW,
      account: { id: 'm1', roles: [], locale: null },
    });
    expect(follows).not.toHaveProperty('memberLocale');
    expect(visitorContext(website(), { member: false, now: NOW })).not.toHaveProperty('memberLocale');
  });
});

describe('page permission type', () => {
  const page = (status: string, publishAt: Date | null = null) => ({ status, publishAt }) as PageRow;
  it.each<[string, PageRow | undefined, boolean, number]>([
    ['a published page', page('published'), false, 0],
    ['a scheduled page that is due', page('scheduled', new Date('2026-01-01')), false, 0],
    ['no page (the cart, the checkout)', undefined, false, 0],
    ['a members-only page', page('private'), false, 2],
    ['a page behind a password lock', page('published'), true, 1],
    ['a members-only page that is also locked', page('private'), true, 1],
  ])('%s', (_label, row, locked, expected) => {
    expect(pagePermissionType(row, locked, NOW)).toBe(expected);
  });
});

describe('confirmedOrderForBrowser', () => {
  it.each([
    [PAGE_TYPE.orderConfirmed, true],
    [PAGE_TYPE.subscriptionConfirmed, true],
    [PAGE_TYPE.orderStatus, false],
  ])('page type %s reports the purchase: %s', (pageType, reports) => {
    const purchase = confirmedOrderForBrowser(resolved({ pageType, extra: { order } }));
    expect(purchase).toEqual(
      reports
        ? {
            id: 'o1',
            currency: 'EUR',
            grandTotal: 12.5,
            shipping: 2,
            tax: 0.5,
            items: [{ itemId: 'p1', productName: 'Mug', sku: 'M-1', quantity: 2, unitPrice: 5 }],
          }
        : undefined,
    );
  });
});

describe('popupOverlayContext', () => {
  const popup = { popupOverlay: { enabled: true, version: 1, title: 'Join us' } };
  it('shows the pop-up the owner turned on over a page', () => {
    expect(popupOverlayContext(website(popup), resolved({}))).toMatchObject({ title: 'Join us', version: 1 });
  });

  it.each([
    ['an error', resolved({ status: 404 })],
    ['the cover page', resolved({ pageType: PAGE_TYPE.cover })],
    ['the cart', resolved({ pageType: PAGE_TYPE.cart })],
    ['checkout', resolved({ pageType: PAGE_TYPE.checkout })],
  ])('keeps it off %s', (_, answer) => {
    expect(popupOverlayContext(website(popup), answer)).toBeUndefined();
  });
});
