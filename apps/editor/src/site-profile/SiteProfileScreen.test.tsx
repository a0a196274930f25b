import {
  BUSINESS_HOURS_API,
  businessHoursMessages,
  DEFAULT_WEEK,
  EDITOR_API,
  SITE_PROFILE_API,
  siteProfileMessages,
  type SiteProfileView,
} from '@site/page-content';
import { businessHoursPanelMessages as m, siteLogoPanelMessages as logo } from '@site/ui';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, eventually, me, mount, stubServer, type Answer, type Call } from '../test/dom';
import { SiteProfileScreen } from './SiteProfileScreen';

afterEach(async () => {
  const { unmount } = await import('../test/dom');
  await unmount();
});

/** A server with no opening hours yet; `put` answers the hours save. */
const server = (put: (call: Call) => Answer) =>
  stubServer((call) => {
    if (call.url === EDITOR_API.me) return me();
    if (call.url === BUSINESS_HOURS_API && call.method === 'GET')
      return { status: 200, body: { hours: null } };
    if (call.url === BUSINESS_HOURS_API && call.method === 'PUT') return put(call);
    return undefined;
  });

const showHours = (host: HTMLElement) =>
  [...host.querySelectorAll('label')].find((l) => l.textContent === m.show);
const labelled = (host: HTMLElement, name: string) =>
  host.querySelector<HTMLInputElement>(`[aria-label="${name}"]`);

describe('Site settings: opening hours', () => {
  it('turns the hours on and saves the week, then says the site shows them', async () => {
    const calls = server((call) => ({ status: 200, body: call.body as object }));
    const host = await mount(<SiteProfileScreen />);
    await eventually(() => expect(showHours(host)).toBeTruthy());
    await click(showHours(host)!);
    expect(labelled(host, m.opens('Monday'))?.value).toBe('09:00');
    await click(button(host, 'Save')!);
    await eventually(() => expect(host.textContent).toContain(m.savedShown));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ hours: DEFAULT_WEEK });
  });

  it('shows the server’s refusal beside the day it names', async () => {
    server(() => ({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'Invalid payload',
          issues: [{ path: ['hours', 0, 'closes'], message: businessHoursMessages.sameTimes }],
        },
      },
    }));
    const host = await mount(<SiteProfileScreen />);
    await eventually(() => expect(showHours(host)).toBeTruthy());
    await click(showHours(host)!);
    await act(async () => button(host, 'Save')!.click());
    await eventually(() =>
      expect(labelled(host, m.closes('Monday'))?.getAttribute('aria-invalid')).toBe('true'),
    );
    expect(host.textContent).toContain(businessHoursMessages.sameTimes);
  });
});

describe('Site settings: the header logo', () => {
  const profile: SiteProfileView = {
    title: 'Harbour Supply',
    timeZone: 'America/New_York',
    locale: 'en-US',
    contactEmail: '',
    businessAddress: { street: '', city: '', region: '', postalCode: '', country: '' },
    socialProfiles: [],
    iconUrl: null,
    logoUrl: null,
  };
  const choose = (host: HTMLElement, file: File) =>
    act(async () => {
      const input = host.querySelector<HTMLInputElement>('.ed-site-logo input[type=file]')!;
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });

  it('uploads the chosen picture, shows it, says why one is refused, and removes it', async () => {
    let uploads = 0;
    const calls = stubServer((call) => {
      if (call.url === EDITOR_API.me) return me();
      if (call.url === SITE_PROFILE_API.profile) return { status: 200, body: profile };
      if (call.url === SITE_PROFILE_API.logo && call.method === 'PUT')
        return ++uploads === 1
          ? {
              status: 400,
              body: { error: { code: 'LOGO_TOO_SMALL', message: siteProfileMessages.logoTooSmall } },
            }
          : { status: 200, body: { ...profile, logoUrl: '/site-logo/0123456789abcdef.webp' } };
      if (call.url === SITE_PROFILE_API.logo && call.method === 'DELETE')
        return { status: 200, body: profile };
      return undefined;
    });
    const host = await mount(<SiteProfileScreen />);
    await eventually(() =>
      expect(host.querySelector('.ed-site-logo__text')?.textContent).toBe('Harbour Supply'),
    );
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await choose(host, file);
    await eventually(() => expect(host.textContent).toContain(siteProfileMessages.logoTooSmall));
    await choose(host, file);
    await eventually(() =>
      expect(host.querySelector('.ed-site-logo img')?.getAttribute('src')).toBe(
        '/site-logo/0123456789abcdef.webp',
      ),
    );
    expect(host.textContent).not.toContain(siteProfileMessages.logoTooSmall);
    expect(calls.filter((c) => c.url === SITE_PROFILE_API.logo && c.method === 'PUT').at(-1)?.body).toBe(
      file,
    );
    await click(button(host, logo.remove)!);
    await eventually(() => expect(host.querySelector('.ed-site-logo img')).toBeNull());
    expect(host.querySelector('.ed-site-logo__text')?.textContent).toBe('Harbour Supply');
  });
});
