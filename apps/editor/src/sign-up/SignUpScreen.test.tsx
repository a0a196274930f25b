import { SITES_API } from '@site/page-content';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, click, eventually, field, mount, stubServer, type, unmount } from '../test/dom';
import { SignUpScreen } from './SignUpScreen';

afterEach(unmount);

describe('sign-up', () => {
  it('sends the picked store currency with the new site (USD unless changed)', async () => {
    const calls = stubServer((call) =>
      call.url === SITES_API.sites
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION',
                message: 'Refused',
                fieldErrors: { currency: 'Pick a currency from the list.' },
              },
            },
          }
        : undefined,
    );
    const host = await mount(<SignUpScreen onBack={() => {}} />);
    const currency = field(host, 'Store currency') as unknown as HTMLSelectElement;
    expect(currency.value).toBe('USD');
    expect([...currency.options].map((o) => o.value)).toContain('JPY');
    await type(field(host, 'Site name'), 'Paper Goods');
    await type(field(host, 'Your email'), 'owner@example.com');
    await type(field(host, 'Password'), 'a long password');
    await act(async () => {
      currency.value = 'JPY';
      currency.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(button(host, 'Create site')!);
    await eventually(() => expect(calls.some((c) => c.url === SITES_API.sites)).toBe(true));
    expect(calls.find((c) => c.url === SITES_API.sites)!.body).toEqual({
      email: 'owner@example.com',
      password: 'a long password',
      title: 'Paper Goods',
      slug: 'paper-goods',
      currency: 'JPY',
    });
    // A refusal of the currency shows at the picker.
    await eventually(() => expect(host.textContent).toContain('Pick a currency from the list.'));
    expect(currency.getAttribute('aria-invalid')).toBe('true');
    vi.unstubAllGlobals();
  });
});
