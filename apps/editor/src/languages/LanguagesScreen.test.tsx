import { messages, type MultilingualSettings } from '@site/page-content';
import { languageMessages } from '@site/ui';
import { afterEach, describe, expect, it } from 'vitest';
import { kitMessages } from '../screen-kit/kit-messages';
import { button, click, eventually, field, me, mount, stubServer, unmount } from '../test/dom';
import { LanguagesScreen } from './LanguagesScreen';

afterEach(unmount);

const AVAILABLE: MultilingualSettings['available'] = [
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
];

function server({ failGet = false } = {}) {
  let settings: MultilingualSettings = { primaryLanguage: 'en', languages: [], available: AVAILABLE };
  const state = { failGet };
  const calls = stubServer(({ method, url, body }) => {
    if (url === '/api/editor/me') return me();
    if (url === '/api/multilingual/settings') {
      if (state.failGet)
        return { status: 500, body: { error: { code: 'INTERNAL', message: messages.somethingWentWrong } } };
      return { status: 200, body: settings };
    }
    if (url === '/api/multilingual/languages' && method === 'PUT') {
      settings = {
        ...settings,
        languages: (body as { languages: MultilingualSettings['languages'] }).languages,
      };
      return { status: 200, body: settings };
    }
    if (url === '/api/multilingual/connection' && method === 'DELETE') {
      settings = { ...settings, languages: [] };
      return { status: 200, body: {} };
    }
    return undefined;
  });
  return { calls, state };
}

describe('languages screen', () => {
  it('adds a language, says so after the form starts again, and stops serving it', async () => {
    const { calls } = server();
    const host = await mount(<LanguagesScreen />);
    await eventually(() => expect(host.textContent).toContain('Site language: English'));
    await eventually(() => expect(button(host, languageMessages.save)).toBeDefined());
    // No language is added yet, so there is nothing to stop serving.
    expect(button(host, languageMessages.disconnect)).toBeUndefined();
    await click(field(host, 'Français (fr)'));
    await click(button(host, languageMessages.save)!);
    await eventually(() => expect(host.textContent).toContain(languageMessages.saved));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ languages: ['fr'] });
    expect(field(host, 'Français (fr)').checked).toBe(true);
    await click(button(host, languageMessages.disconnect)!);
    await eventually(() => expect(host.textContent).toContain(languageMessages.disconnected));
    await eventually(() => expect(field(host, 'Français (fr)').checked).toBe(false));
  });

  it('says when the languages cannot be loaded and loads them on Try again', async () => {
    const { calls, state } = server({ failGet: true });
    const host = await mount(<LanguagesScreen />);
    await eventually(() => expect(host.textContent).toContain(messages.somethingWentWrong));
    expect(host.querySelector('h1')?.textContent).toBe(languageMessages.title);
    state.failGet = false;
    await click(button(host, kitMessages.tryAgain)!);
    await eventually(() => expect(host.textContent).toContain('Site language: English'));
    expect(calls.filter((c) => c.url === '/api/multilingual/settings')).toHaveLength(2);
  });
});
