import { MAILING_API, messages, POPUP_OVERLAY_API, type EditorPopupOverlay } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../../test/databases';
import { demoSiteSuite } from '../../../test/demo-site-suite';

const targets = await databaseTargets();

describe.each(targets)('pop-up editor API on $name', (target) => {
  const demo = demoSiteSuite(target);

  const current = async () => (await demo.owner.get(POPUP_OVERLAY_API)).json() as EditorPopupOverlay;
  const save = (body: unknown) => demo.owner.call('PUT', POPUP_OVERLAY_API, body);
  const shop = async () => (await demo.app.inject('/shop')).body;
  const content = {
    title: 'Free shipping this week',
    body: 'On every order over $50.',
    action: { label: 'Shop now', href: '/shop' },
  };

  it('starts off with nothing to show', async () => {
    expect(await current()).toEqual({ enabled: false, content: null, shownVersion: 0, version: 0 });
    expect(await shop()).not.toContain('id="popup-overlay"');
  });

  it('saves the pop-up with its defaults filled in, and the storefront shows it', async () => {
    const res = await save({ enabled: true, content, version: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      enabled: true,
      content: { ...content, delaySeconds: 5, hideForDays: 7 },
      shownVersion: 1,
      version: 1,
    });
    expect(await current()).toEqual(res.json());
    const page = await shop();
    expect(page).toContain(
      '<dialog id="popup-overlay" class="popup-overlay" aria-labelledby="popup-overlay-title" data-version="1"',
    );
    expect(page).toContain('Free shipping this week');
  });

  it('shows it again to visitors who dismissed it when the text changes, not when only the timing does', async () => {
    const timing = await save({
      enabled: true,
      content: { ...content, delaySeconds: 10, hideForDays: 30 },
      version: 1,
    });
    expect(timing.json()).toMatchObject({ shownVersion: 1, version: 2 });
    const text = await save({
      enabled: true,
      content: { ...content, title: 'Ten percent off', delaySeconds: 10, hideForDays: 30 },
      version: 2,
    });
    expect(text.json()).toMatchObject({ shownVersion: 2, version: 3 });
    expect(await shop()).toContain('data-version="2" data-hide-for-days="30" data-delay-seconds="10"');
  });

  it('adds a newsletter sign-up into one of the site’s lists, and refuses a list that is not the site’s', async () => {
    const lists = (await demo.owner.get(MAILING_API.lists)).json().lists as { id: string }[];
    const list: { id: string } =
      lists[0] ?? (await demo.owner.call('POST', MAILING_API.lists, { name: 'Pop-up' })).json();
    const newsletter = {
      listId: list.id,
      doubleOptIn: false,
      buttonLabel: 'Get the code',
      placeholder: 'you@example.com',
    };
    const res = await save({ enabled: true, content: { title: 'Ten percent off', newsletter }, version: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ content: { newsletter }, shownVersion: 3, version: 4 });
    expect(await shop()).toContain('<button class="button" type="submit">Get the code</button>');
    const unknown = await save({
      enabled: true,
      content: { title: 'x', newsletter: { ...newsletter, listId: 'someone-elses' } },
      version: 4,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.issues).toContainEqual({
      path: ['content', 'newsletter', 'listId'],
      message: messages.popupOverlay.unknownList,
    });
  });

  it('turns off: the storefront stops showing it, the owner’s text is kept, and it can go altogether', async () => {
    const { content: kept, version } = await current();
    const off = await save({ enabled: false, content: kept, version });
    expect(off.json()).toMatchObject({ enabled: false, content: kept, version: version + 1 });
    expect(await shop()).not.toContain('id="popup-overlay"');
    const removed = await save({ enabled: false, content: null, version: version + 1 });
    expect(removed.json()).toMatchObject({
      enabled: false,
      content: null,
      shownVersion: 0,
      version: version + 2,
    });
    expect(await shop()).not.toContain('id="popup-overlay"');
  });

  it('refuses a save over a newer version (409) and keeps the newer pop-up', async () => {
    const before = await current();
    const res = await save({ enabled: true, content, version: before.version - 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'STALE_VERSION', message: messages.popupOverlay.stale });
    expect(await current()).toEqual(before);
  });

  it.each([
    [
      { ...content, action: { label: 'Go', href: 'javascript:alert(1)' } },
      ['content', 'action', 'href'],
      messages.popupOverlay.unsafeHref,
    ],
    [{ ...content, title: 'x'.repeat(201) }, ['content', 'title'], messages.popupOverlay.titleTooLong],
    [{ ...content, title: '   ' }, ['content', 'title'], messages.popupOverlay.titleRequired],
    [{ ...content, body: 'x'.repeat(1001) }, ['content', 'body'], messages.popupOverlay.bodyTooLong],
    [{ ...content, delaySeconds: 500 }, ['content', 'delaySeconds'], messages.popupOverlay.delayOutOfRange],
    [
      { ...content, hideForDays: -1 },
      ['content', 'hideForDays'],
      messages.popupOverlay.hideForDaysOutOfRange,
    ],
  ])('refuses %j with the message at its field, writing nothing', async (bad, path, message) => {
    const { version } = await current();
    const res = await save({ enabled: true, content: bad, version });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues).toContainEqual({ path, message });
    expect((await current()).version).toBe(version);
  });

  it('refuses hostile and malformed bodies with a 4xx', async () => {
    const { version } = await current();
    for (const body of [
      { enabled: true, content: null, version },
      { enabled: true, content: { ...content, title: 'a\u0000b' }, version },
      { enabled: true, content: { ...content, extra: '<script>' }, version },
      JSON.parse(
        `{"enabled":true,"content":{"title":"x","__proto__":{"delaySeconds":1}},"version":${version}}`,
      ),
      { enabled: 'yes', content, version },
      { enabled: true, content },
      [],
      'x',
    ]) {
      const status = (await save(body)).statusCode;
      expect(status >= 400 && status < 500, `${JSON.stringify(body)} → ${status}`).toBe(true);
    }
    expect((await current()).version).toBe(version);
  });

  it('lets viewers read but not write, asks for a session and the XSRF header', async () => {
    expect((await demo.viewer.get(POPUP_OVERLAY_API)).statusCode).toBe(200);
    const { version } = await current();
    expect(
      (await demo.viewer.call('PUT', POPUP_OVERLAY_API, { enabled: true, content, version })).statusCode,
    ).toBe(403);
    expect((await demo.app.inject(POPUP_OVERLAY_API)).statusCode).toBe(401);
    expect(
      (
        await demo.app.inject({
          method: 'PUT',
          url: POPUP_OVERLAY_API,
          payload: { enabled: true, content, version },
        })
      ).statusCode,
    ).toBe(401);
    const noXsrf = await demo.owner.request('PUT', POPUP_OVERLAY_API, { enabled: true, content, version });
    expect(noXsrf.statusCode).toBe(403);
    expect((await current()).version).toBe(version);
  });
});
