import { messages } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { SITE_SCOPE } from '../site/locks';
import { PAGE_TYPE } from '../site/page-type';
import type { PageRow, WebsiteRow } from '../site/site-data';
import { afterCheckoutPageType, guardPage, lockScreen, orderPageType } from './resolve-path';
import type { Viewer } from './site-chrome';

const NOW = new Date('2026-11-20T12:00:00Z');
const visitor: Viewer = { member: false, now: NOW, crumb: 'crumb' };
const page = (fields: Partial<PageRow>) =>
  ({
    enabled: true,
    status: 'published',
    publishAt: null,
    path: '/p',
    title: 'P',
    description: '',
    ...fields,
  }) as PageRow;
const website = (settings: Record<string, unknown> = {}) => ({ settings }) as WebsiteRow;

describe('orderPageType', () => {
  it.each([
    ['/checkout/order-confirmed', { pageType: PAGE_TYPE.orderConfirmed }],
    ['/orders/abc', { pageType: PAGE_TYPE.orderStatus, orderId: 'abc' }],
    ['/orders/abc/more', undefined],
    ['/orders/', undefined],
    ['/shop', undefined],
  ])('%s', (path, type) => expect(orderPageType(path)).toEqual(type));
});

describe('afterCheckoutPageType: order received, order confirmed, subscription confirmed', () => {
  const plan = { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 };
  it.each([
    ['a paid order is confirmed', PAGE_TYPE.orderConfirmed, 'paid', null, PAGE_TYPE.orderConfirmed],
    [
      'an order awaiting its payment is received',
      PAGE_TYPE.orderConfirmed,
      'pending',
      null,
      PAGE_TYPE.orderReceived,
    ],
    [
      'a paid subscription is confirmed',
      PAGE_TYPE.orderConfirmed,
      'paid',
      plan,
      PAGE_TYPE.subscriptionConfirmed,
    ],
    [
      'a subscription awaiting its payment is received',
      PAGE_TYPE.orderConfirmed,
      'pending',
      plan,
      PAGE_TYPE.orderReceived,
    ],
    ['the order status page stays itself', PAGE_TYPE.orderStatus, 'pending', null, PAGE_TYPE.orderStatus],
  ])('%s', (_name, asked, status, subscriptionPlan, expected) =>
    expect(afterCheckoutPageType(asked, { status, subscriptionPlan })).toBe(expected),
  );
});

describe('guardPage', () => {
  it.each([
    ['published', page({}), visitor, undefined],
    ['disabled', page({ enabled: false }), visitor, 404],
    ['a draft', page({ status: 'draft' }), visitor, 404],
    [
      'scheduled, not yet',
      page({ status: 'scheduled', publishAt: new Date(NOW.getTime() + 1) }),
      visitor,
      404,
    ],
    ['scheduled, live', page({ status: 'scheduled', publishAt: NOW }), visitor, undefined],
    ['members only, to a member', page({ status: 'private' }), { ...visitor, member: true }, undefined],
  ])('%s', (_, row, viewer, status) => {
    expect(guardPage(row, viewer, website())?.status).toBe(status);
  });

  it('denies a members-only page (106), or offers the paywall (107) where visitors can sign up', () => {
    const members = page({ status: 'private', path: '/club', title: 'Club' });
    const denied = guardPage(members, visitor, website());
    expect(denied).toMatchObject({ status: 403, pageType: PAGE_TYPE.accessDenied });
    const paywall = guardPage(members, visitor, website({ memberAccounts: { enabled: true } }));
    expect(paywall).toMatchObject({ status: 403, pageType: PAGE_TYPE.paywall });
    expect(paywall?.extra.paywall).toMatchObject({
      title: 'Club',
      signUpUrl: '/account/create?returnTo=%2Fclub',
    });
  });
});

describe('lockScreen', () => {
  it("shows a page's title as protected content (105) but keeps its content out, and returns to the path without ?lock", () => {
    const screen = lockScreen(
      'page:page-1',
      '/secret',
      { lock: 'wrong', q: 'x' },
      visitor,
      page({ title: 'Secret' }),
    );
    expect(screen).toMatchObject({
      status: 401,
      pageType: PAGE_TYPE.protectedContent,
      templateName: 'protected-content',
      personal: true,
    });
    expect(screen.page).toBeUndefined();
    expect(screen.extra.protectedContent).toEqual({
      scope: 'page:page-1',
      title: 'Secret',
      message: messages.lockedPage,
      error: messages.lockWrongPassword,
      returnTo: '/secret?q=x',
      crumb: 'crumb',
    });
  });

  it("names nothing of the site's pages on the site's own lock screen (103)", () => {
    const screen = lockScreen(SITE_SCOPE, '/', { lock: 'wait' }, visitor, page({ title: 'Home' }));
    expect(screen).toMatchObject({
      status: 401,
      pageType: PAGE_TYPE.lockScreen,
      templateName: 'lock-screen',
    });
    expect(screen.extra.lock).toEqual({
      scope: SITE_SCOPE,
      site: true,
      message: messages.lockedSite,
      error: messages.lockTooManyAttempts,
      returnTo: '/',
      crumb: 'crumb',
    });
    expect(JSON.stringify(screen.extra)).not.toContain('Home');
  });
});
