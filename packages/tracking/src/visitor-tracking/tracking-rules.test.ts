import { describe, expect, it } from 'vitest';
import type { PageContext } from '../page-context/page-context';
import { decideTracking, recordsPageView } from './tracking-rules';

const base: PageContext = { websiteId: 'w', templateId: 't', pageType: 2 };
const account = { authenticatedAccount: { id: 'acc' } };

describe('decideTracking', () => {
  it.each<[string, Partial<PageContext>, string, string | undefined]>([
    ['anonymous visitor', {}, '/', undefined],
    ['logged-in owner', { ...account, websiteRoles: { admin: true } }, '/', 'logged-in'],
    ['logged-in, no roles', { ...account }, '/', 'logged-in'],
    ['viewer only, public page', { ...account, websiteRoles: { viewer: true } }, '/shop', undefined],
    [
      'viewer only, roles map has false entries',
      { ...account, websiteRoles: { viewer: true, admin: false } },
      '/',
      undefined,
    ],
    ['viewer only, inside /config', { ...account, websiteRoles: { viewer: true } }, '/config', 'logged-in'],
    [
      'viewer only, under /config/',
      { ...account, websiteRoles: { viewer: true } },
      '/config/pages',
      'logged-in',
    ],
    [
      'viewer only, /configurator is public',
      { ...account, websiteRoles: { viewer: true } },
      '/configurator',
      undefined,
    ],
    ['viewer plus editor', { ...account, websiteRoles: { viewer: true, editor: true } }, '/', 'logged-in'],
    ['roles without an account', { websiteRoles: { admin: true } }, '/', undefined],
    ['not-found page', { pageType: 100 }, '/x', 'not-found-page'],
    ['lock screen', { pageType: 103 }, '/', 'lock-screen-page'],
    ['access denied', { pageType: 106 }, '/', 'access-denied-page'],
    ['error page is tracked', { pageType: 101 }, '/', undefined],
    ['search page is tracked (no page view)', { pageType: 102 }, '/search', undefined],
    ['census disabled', { censusDisabled: true }, '/', 'census-disabled'],
    ['census explicitly enabled', { censusDisabled: false }, '/', undefined],
  ])('%s', (_label, patch, path, reason) => {
    const decision = decideTracking({ ...base, ...patch }, path);
    if (reason === undefined) expect(decision).toEqual({ enabled: true });
    else expect(decision).toEqual({ enabled: false, reason });
  });
});

describe('recordsPageView', () => {
  it.each<[string, number | undefined, boolean]>([
    ['/', 2, true],
    ['/search', 1, false],
    ['/search/', 1, false],
    ['/searchlight', 1, true],
    ['/anything', 102, false],
  ])('%s (page type %s) -> %s', (path, pageType, expected) => {
    expect(recordsPageView({ ...base, pageType }, path)).toBe(expected);
  });
});
