import { messages } from '@site/forms';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountNewsletter } from './newsletter';

// The markup the newsletter block renders (page-content engagement.ts), reduced to what the script reads.
function render(): HTMLElement {
  document.body.innerHTML = `
    <div data-block-id="news"><div class="newsletter-block" data-newsletter-block>
      <form class="newsletter-form" novalidate>
        <input id="newsletter-email" type="email" name="email">
        <input type="text" name="website">
        <button type="submit">Sign up</button>
        <p class="field-error" hidden></p>
      </form>
      <p class="form-submission-message" tabindex="-1" hidden></p>
    </div></div>`;
  return document.querySelector<HTMLElement>('[data-newsletter-block]')!;
}

interface Call {
  url: string;
  body: Record<string, unknown>;
}

function stubServer(): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {} });
      const data = url.includes('FormSubmissionKey') ? { data: { key: 'key-1' } } : { success: true };
      return new Response(JSON.stringify(data), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function fakeScript() {
  const enterprise = {
    ready: (callback: () => void) => callback(),
    render: vi.fn(() => 3),
    execute: vi.fn(async () => 'news-token'),
    reset: vi.fn(),
  };
  // The test page cannot fetch scripts: the one added is kept aside and "loads" on cue.
  const added: HTMLScriptElement[] = [];
  const append = vi
    .spyOn(document.head, 'append')
    .mockImplementation((...nodes) => void added.push(...(nodes as HTMLScriptElement[])));
  const load = () => {
    window.grecaptcha = { enterprise };
    added[0]!.dispatchEvent(new Event('load'));
  };
  return { enterprise, added, load, restore: () => append.mockRestore() };
}

async function signUp(block: HTMLElement, email: string): Promise<void> {
  const form = block.querySelector('form')!;
  form.querySelector<HTMLInputElement>('input[name="email"]')!.value = email;
  form.dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.waitFor(() => expect(form.getAttribute('aria-busy')).toBe('false'));
}

describe('newsletter block', () => {
  beforeEach(() => {
    delete window.grecaptcha;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.grecaptcha;
  });

  it('signs up without any captcha when the site has no site key', async () => {
    const calls = stubServer();
    const { added, restore } = fakeScript();
    const block = render();
    mountNewsletter(block, { pageId: 'p1' });
    block.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await signUp(block, 'ada@example.com');
    restore();
    expect(added).toEqual([]);
    expect(block.querySelector('.form-captcha')).toBeNull();
    expect(calls.at(-1)).toEqual({
      url: '/api/newsletter/subscribe',
      body: { pageId: 'p1', blockId: 'news', email: 'ada@example.com', key: 'key-1', website: '' },
    });
  });

  it("with the site's key, renders one widget above the button on first focus and sends its newsletter token", async () => {
    const calls = stubServer();
    const { enterprise, added, load, restore } = fakeScript();
    const block = render();
    mountNewsletter(block, { pageId: 'p1', captchaSettings: { siteKey: 'site-key-1' } });
    expect(added).toEqual([]);
    block.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    load();
    await vi.waitFor(() => expect(enterprise.render).toHaveBeenCalledTimes(1));
    const container = block.querySelector('.form-captcha')!;
    expect(container.nextElementSibling?.matches('button[type="submit"]')).toBe(true);
    expect(enterprise.render.mock.calls[0]).toEqual([container, { sitekey: 'site-key-1', size: 'compact' }]);
    await signUp(block, 'ada@example.com');
    restore();
    expect(enterprise.execute).toHaveBeenCalledWith(3, { action: 'NEWSLETTER_BLOCK_SUBMISSION' });
    expect(calls.at(-1)!.body).toMatchObject({ email: 'ada@example.com', captchaKey: 'news-token' });
    expect(enterprise.render).toHaveBeenCalledTimes(1);
    expect(added).toHaveLength(1);
  });

  it("shows 'Complete CAPTCHA before submitting.' and sends nothing when the check is not completed", async () => {
    const calls = stubServer();
    const { enterprise, restore } = fakeScript();
    enterprise.execute.mockResolvedValue('');
    // The script is on the page already (an earlier block loaded it).
    window.grecaptcha = { enterprise };
    const block = render();
    mountNewsletter(block, { pageId: 'p1', captchaSettings: { siteKey: 'site-key-1' } });
    await signUp(block, 'ada@example.com');
    restore();
    expect(block.querySelector('.field-error')!.textContent).toBe(messages.captchaIncomplete);
    expect(calls.filter((c) => c.url.includes('subscribe'))).toEqual([]);
    await vi.waitFor(() => expect(enterprise.reset).toHaveBeenCalledWith(3));
  });
});
