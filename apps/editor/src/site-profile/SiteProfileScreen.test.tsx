import { BUSINESS_HOURS_API, businessHoursMessages, DEFAULT_WEEK, EDITOR_API } from '@site/page-content';
import { businessHoursPanelMessages as m } from '@site/ui';
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
