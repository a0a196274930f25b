import { siteAdminMessages } from '@site/page-content';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  mount as mountUi,
  stubServer as stubCalls,
  type as typeInto,
  unmount,
} from '../test/dom';
import { CaptchaSettingsForm } from './CaptchaSettingsForm';

/** The server as the form sees it: the stored key, and what each call asked. */
const stubServer = (stored: { siteKey: string }, answerPut?: Answer) =>
  stubCalls((call) => {
    if (call.method === 'PUT') {
      if (answerPut) return answerPut;
      stored.siteKey = (call.body as typeof stored).siteKey;
    }
    return { status: 200, body: stored };
  });

async function mount(): Promise<HTMLElement> {
  const host = await mountUi(<CaptchaSettingsForm />);
  await vi.waitFor(() => expect(host.querySelector('input')).not.toBeNull());
  return host;
}
const type = (host: HTMLElement, value: string) => typeInto(host.querySelector('input')!, value);

const save = (host: HTMLElement) =>
  act(
    async () =>
      void host
        .querySelector('form')!
        .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })),
  );

describe('captcha settings form', () => {
  afterEach(unmount);

  it('shows the stored key and whether the captcha is on', async () => {
    stubServer({ siteKey: 'saved-key' });
    const host = await mount();
    expect(host.querySelector('input')!.value).toBe('saved-key');
    expect(host.textContent).toContain('Captcha is on.');
    expect(host.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
  });

  it('names the rule for a key a provider never issues and sends nothing', async () => {
    const calls = stubServer({ siteKey: '' });
    const host = await mount();
    await type(host, 'bad key!');
    await save(host);
    expect(host.querySelector('[role="alert"]')!.textContent).toBe(siteAdminMessages.captchaSiteKeyInvalid);
    expect(host.querySelector('input')!.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves the trimmed key through the API and turns the captcha on', async () => {
    const calls = stubServer({ siteKey: '' });
    const host = await mount();
    expect(host.textContent).toContain('Captcha is off.');
    await type(host, '  6Lc-key_1 ');
    await save(host);
    await vi.waitFor(() => expect(host.textContent).toContain('Captcha is on.'));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/editor/site/captcha',
      body: { siteKey: '6Lc-key_1' },
    });
  });

  it("shows the server's refusal", async () => {
    stubServer(
      { siteKey: '' },
      { status: 403, body: { error: { code: 'FORBIDDEN', message: siteAdminMessages.ownerOnly } } },
    );
    const host = await mount();
    await type(host, 'key');
    await save(host);
    await vi.waitFor(() =>
      expect(host.querySelector('[role="alert"]')?.textContent).toBe(siteAdminMessages.ownerOnly),
    );
  });
});
