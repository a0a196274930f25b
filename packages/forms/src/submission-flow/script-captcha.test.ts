import { describe, expect, it, vi } from 'vitest';
import { messages } from '../messages';
import { CAPTCHA_ACTIONS } from './captcha';
import { createScriptCaptchaProvider, type CaptchaContainer, type CaptchaScriptApi } from './script-captcha';

function fakeScript(tokens: string[] = ['token-1', 'token-2']) {
  let next = 0;
  const api = {
    ready: vi.fn((callback: () => void) => callback()),
    render: vi.fn(
      (_container: CaptchaContainer, _parameters: { sitekey: string; size: 'compact' | 'normal' }) => ++next,
    ),
    execute: vi.fn(async (_widgetId: number, _options: { action: string }) => tokens.shift() ?? ''),
    reset: vi.fn((_widgetId: number) => undefined),
  } satisfies CaptchaScriptApi;
  const loadScript = vi.fn(async () => api as CaptchaScriptApi);
  return { api, loadScript };
}

const container = (clientWidth = 400): CaptchaContainer & { isConnected: boolean } => ({
  clientWidth,
  isConnected: true,
});

describe('script captcha provider', () => {
  it('renders the widget from the site key and mints a token per action', async () => {
    const { api, loadScript } = fakeScript();
    const box = container();
    const captcha = createScriptCaptchaProvider({ siteKey: 'site-key', container: box, loadScript });
    await expect(captcha.getToken(CAPTCHA_ACTIONS.form)).resolves.toBe('token-1');
    await expect(captcha.getToken(CAPTCHA_ACTIONS.newsletter)).resolves.toBe('token-2');
    expect(api.render).toHaveBeenCalledTimes(1);
    expect(api.render).toHaveBeenCalledWith(box, { sitekey: 'site-key', size: 'normal' });
    expect(api.execute.mock.calls.map(([id, o]) => [id, o.action])).toEqual([
      [1, 'FORM_BLOCK_SUBMISSION'],
      [1, 'NEWSLETTER_BLOCK_SUBMISSION'],
    ]);
  });

  it.each([
    [319, 'compact'],
    [320, 'normal'],
    [0, 'compact'],
  ])('a container %i px wide gets the %s widget', async (width, size) => {
    const { api, loadScript } = fakeScript();
    await createScriptCaptchaProvider({ siteKey: 'k', container: container(width), loadScript }).render();
    expect(api.render.mock.calls[0]![1].size).toBe(size);
  });

  it('renders once per container, even for two providers or concurrent requests', async () => {
    const { api, loadScript } = fakeScript(['a', 'b', 'c']);
    const box = container();
    const first = createScriptCaptchaProvider({ siteKey: 'k', container: box, loadScript });
    const second = createScriptCaptchaProvider({ siteKey: 'k', container: box, loadScript });
    await Promise.all([
      first.getToken(CAPTCHA_ACTIONS.form),
      second.getToken(CAPTCHA_ACTIONS.form),
      first.render(),
    ]);
    expect(api.render).toHaveBeenCalledTimes(1);
    await createScriptCaptchaProvider({ siteKey: 'k', container: container(), loadScript }).render();
    expect(api.render).toHaveBeenCalledTimes(2);
  });

  it("rejects with 'ReCaptcha has not been set up!' without a site key (nothing rendered) or without the script", async () => {
    const { api, loadScript } = fakeScript();
    await expect(
      createScriptCaptchaProvider({ siteKey: undefined, container: container(), loadScript }).getToken(
        CAPTCHA_ACTIONS.form,
      ),
    ).rejects.toThrow(messages.captchaNotSetUp);
    await expect(
      createScriptCaptchaProvider({ siteKey: '', container: container(), loadScript }).render(),
    ).rejects.toThrow(messages.captchaNotSetUp);
    expect(loadScript).not.toHaveBeenCalled();
    expect(api.render).not.toHaveBeenCalled();
    const missing = createScriptCaptchaProvider({
      siteKey: 'k',
      container: container(),
      loadScript: async () => undefined,
    });
    await expect(missing.getToken(CAPTCHA_ACTIONS.productWaitlist)).rejects.toThrow(
      'ReCaptcha has not been set up!',
    );
  });

  it("rejects with 'Document was destroyed' once the container left the page", async () => {
    const { loadScript } = fakeScript();
    const box = container();
    const captcha = createScriptCaptchaProvider({ siteKey: 'k', container: box, loadScript });
    await captcha.render();
    box.isConnected = false;
    await expect(captcha.getToken(CAPTCHA_ACTIONS.form)).rejects.toThrow('Document was destroyed');
    const gone = container();
    gone.isConnected = false;
    await expect(
      createScriptCaptchaProvider({ siteKey: 'k', container: gone, loadScript }).render(),
    ).rejects.toThrow(messages.captchaDocumentDestroyed);
  });

  it('answers null for an unsolved check and resets its own widget', async () => {
    const { api, loadScript } = fakeScript(['']);
    const captcha = createScriptCaptchaProvider({ siteKey: 'k', container: container(), loadScript });
    captcha.reset();
    await expect(captcha.getToken(CAPTCHA_ACTIONS.form)).resolves.toBeNull();
    captcha.reset();
    await vi.waitFor(() => expect(api.reset).toHaveBeenCalledWith(1));
    expect(api.reset).toHaveBeenCalledTimes(1);
  });

  it('retries the script after a failed load', async () => {
    const { api } = fakeScript(['t']);
    const loadScript = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(api);
    const captcha = createScriptCaptchaProvider({ siteKey: 'k', container: container(), loadScript });
    await expect(captcha.getToken(CAPTCHA_ACTIONS.form)).rejects.toThrow('offline');
    await expect(captcha.getToken(CAPTCHA_ACTIONS.form)).resolves.toBe('t');
  });
});
