import { robotsMessages } from '@site/page-content';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount as mountUi, stubServer as stubCalls, type as typeInto, unmount } from '../test/dom';
import { RobotsSettingsForm } from './RobotsSettingsForm';

/** The server as the form sees it: the stored additions (tidied as the server tidies), and each call. */
const stubServer = (stored: { additions: string }) =>
  stubCalls((call) => {
    if (call.method === 'PUT') stored.additions = (call.body as typeof stored).additions;
    return { status: 200, body: stored };
  });

async function mount(): Promise<HTMLElement> {
  const host = await mountUi(<RobotsSettingsForm />);
  await vi.waitFor(() => expect(host.querySelector('textarea')).not.toBeNull());
  return host;
}
const type = (host: HTMLElement, value: string) => typeInto(host.querySelector('textarea')!, value);

const save = (host: HTMLElement) =>
  act(
    async () =>
      void host
        .querySelector('form')!
        .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })),
  );

describe('robots.txt additions form', () => {
  afterEach(unmount);

  it('shows the stored lines; Save waits for a change', async () => {
    stubServer({ additions: 'Disallow: /drafts/' });
    const host = await mount();
    expect(host.querySelector('textarea')!.value).toBe('Disallow: /drafts/');
    expect(host.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
  });

  it('names each line that is not a robots line and sends nothing', async () => {
    const calls = stubServer({ additions: '' });
    const host = await mount();
    await type(host, 'Disallow: drafts\nNoindex: /a');
    await save(host);
    const alert = host.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain(robotsMessages.badPath(1));
    expect(alert.textContent).toContain(robotsMessages.notALine(2));
    expect(host.querySelector('textarea')!.getAttribute('aria-invalid')).toBe('true');
    expect(host.querySelector('textarea')!.getAttribute('aria-describedby')).toContain(alert.id);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves the tidied lines and says so', async () => {
    const calls = stubServer({ additions: '' });
    const host = await mount();
    await type(host, 'disallow:/drafts/\n');
    await save(host);
    await vi.waitFor(() => expect(host.textContent).toContain('Saved: robots.txt shows your lines now.'));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/editor/site/robots',
      body: { additions: 'Disallow: /drafts/' },
    });
    expect(host.querySelector('textarea')!.value).toBe('Disallow: /drafts/');
  });
});
