import { headerFooterSchema, messages } from '@site/page-content';
import { afterEach, describe, expect, it } from 'vitest';
import { kitMessages } from '../screen-kit/kit-messages';
import { button, click, eventually, field, me, mount, status, stubServer, type, unmount } from '../test/dom';
import { HeaderFooterScreen } from './HeaderFooterScreen';

afterEach(unmount);

/** The stored header and footer (the schema's defaults, a title) and what the next save answers. */
function server({
  canEdit = true,
  refuse,
}: { canEdit?: boolean; refuse?: { status: number; body: unknown } } = {}) {
  let stored = {
    ...headerFooterSchema.parse({ header: { siteTitle: 'Bakery' }, footer: {} }),
    version: 4,
  };
  const calls = stubServer(({ method, url, body }) => {
    if (url === '/api/editor/me') return me(canEdit);
    if (url === '/api/editor/site') return { status: 500, body: {} };
    if (url !== '/api/site-header-footer') return undefined;
    if (method === 'PUT') {
      if (refuse?.status === 409)
        // Someone else saved first: theirs is what a reload reads.
        stored = { ...stored, header: { ...stored.header, announcement: 'Their news' }, version: 9 };
      if (refuse) return refuse;
      stored = { ...(body as typeof stored), version: stored.version + 1 };
    }
    return { status: 200, body: stored };
  });
  return { calls, stored: () => stored };
}

describe('header and footer screen', () => {
  it('shows the site title as Settings › Site keeps it, with the way there, and no box to change it here', async () => {
    server();
    const host = await mount(<HeaderFooterScreen />);
    await eventually(() =>
      expect(host.querySelector('[data-testid="site-title"]')?.textContent).toContain('Bakery'),
    );
    const note = host.querySelector('[data-testid="site-title"]')!;
    expect(note.querySelector('a')?.getAttribute('href')).toBe('/config/site');
    expect(note.querySelector('a')?.textContent).toBe('Settings › Site');
    expect([...host.querySelectorAll('label')].map((l) => l.textContent)).not.toContain('Site title');
  });

  it('saves a changed announcement over the version it read, then shows it saved', async () => {
    const { calls, stored } = server();
    const host = await mount(<HeaderFooterScreen />);
    await eventually(() => expect(button(host, kitMessages.save)).toBeDefined());
    expect(button(host, kitMessages.save)!.disabled).toBe(true);
    await type(field(host, 'Announcement bar'), 'Open Sundays');
    expect(status(host)).toBe('Unsaved changes');
    await click(button(host, kitMessages.save)!);
    await eventually(() => expect(stored().version).toBe(5));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ version: 4, header: { announcement: 'Open Sundays' } });
    await eventually(() => expect(status(host)).toBe('All changes saved'));
    expect(field(host, 'Announcement bar').value).toBe('Open Sundays');
  });

  it('shows a stale save as a conflict and reloads the stored version', async () => {
    const { calls } = server({
      refuse: { status: 409, body: { error: { code: 'STALE_VERSION', message: messages.staleVersion } } },
    });
    const host = await mount(<HeaderFooterScreen />);
    await eventually(() => expect(button(host, kitMessages.save)).toBeDefined());
    await type(field(host, 'Announcement bar'), 'Mine');
    await click(button(host, kitMessages.save)!);
    await eventually(() =>
      expect(host.querySelector('[role="alert"]')?.textContent).toContain(kitMessages.conflict),
    );
    expect(status(host)).toContain(messages.staleVersion);
    await click(button(host, kitMessages.reload)!);
    await eventually(() => expect(field(host, 'Announcement bar').value).toBe('Their news'));
    expect(host.querySelector('[role="alert"]')).toBeNull();
    expect(status(host)).toBe('All changes saved');
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/site-header-footer')).toHaveLength(2);
  });

  it('names a refused logo link at its box', async () => {
    server({
      refuse: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: messages.invalidLink,
            issues: [{ path: ['header', 'logoUrl'], message: messages.invalidLink }],
          },
        },
      },
    });
    const host = await mount(<HeaderFooterScreen />);
    await eventually(() => expect(button(host, kitMessages.save)).toBeDefined());
    await type(field(host, 'Logo image URL'), 'javascript:alert(1)');
    await click(button(host, kitMessages.save)!);
    await eventually(() => expect(host.textContent).toContain(messages.invalidLink));
    expect(field(host, 'Logo image URL').getAttribute('aria-invalid')).toBe('true');
  });

  it('lets a viewer look without a Save button', async () => {
    server({ canEdit: false });
    const host = await mount(<HeaderFooterScreen />);
    await eventually(() => expect(field(host, 'Announcement bar')).toBeDefined());
    await eventually(() => expect(host.querySelector('fieldset')!.disabled).toBe(true));
    expect(button(host, kitMessages.save)).toBeUndefined();
  });
});
