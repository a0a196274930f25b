import {
  ACTIVITY_API,
  activityMessages,
  EDITOR_API,
  type ActivityEntry,
  type ActivityPage,
} from '@site/page-content';
import { activityPanelMessages as m } from '@site/ui';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, eventually, field, me, mount, stubServer, unmount } from '../test/dom';
import { ActivityScreen } from './ActivityScreen';

afterEach(unmount);

const owner = { id: 'm', email: 'o@example.com' };
const entry = (id: number, subject: string): ActivityEntry => ({
  id: String(id),
  at: '2026-11-29T09:00:00Z',
  kind: 'page-published',
  actor: owner,
  subject,
  detail: {},
});
const page = (
  entries: ActivityEntry[],
  nextPageCursor: string | null,
): { status: number; body: ActivityPage } => ({
  status: 200,
  body: { entries, people: [owner], nextPageCursor },
});
const choose = (select: HTMLInputElement, value: string) =>
  act(async () => {
    const proto =
      select instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });

describe('the Activity screen', () => {
  it('lists the log, pages on with the cursor, and asks again with each filter', async () => {
    const calls = stubServer(({ url }) => {
      if (url === EDITOR_API.me) return me(true);
      if (url === ACTIVITY_API.log) return page([entry(2, 'About')], 'next-1');
      if (url === `${ACTIVITY_API.log}?cursor=next-1`) return page([entry(1, 'Home')], null);
      if (url === `${ACTIVITY_API.log}?kind=price-changed`) return page([], null);
      if (url.startsWith(`${ACTIVITY_API.log}?kind=price-changed&from=2026-12-01&to=2026-11-01`))
        return {
          status: 400,
          body: { error: { code: 'INVALID_REQUEST', message: activityMessages.rangeBackwards } },
        };
      return undefined;
    });
    const host = await mount(<ActivityScreen />);
    await eventually(() => expect(host.textContent).toContain('Published the page “About”'));
    expect(host.textContent).toContain(m.by('o@example.com'));
    await click(button(host, m.more)!);
    await eventually(() => expect(host.textContent).toContain('Published the page “Home”'));
    expect(host.textContent).toContain('“About”');
    expect(button(host, m.more)).toBeUndefined();

    await choose(field(host, m.kind), 'price-changed');
    await eventually(() => expect(host.textContent).toContain(m.noMatchTitle));
    await choose(field(host, m.from), '2026-12-01');
    await choose(field(host, m.to), '2026-11-01');
    await eventually(() => expect(host.textContent).toContain(activityMessages.rangeBackwards));
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(activityMessages.rangeBackwards);
    expect(calls.map((c) => c.url)).toContain(`${ACTIVITY_API.log}?kind=price-changed`);
  });

  it('a failed load says so and tries again', async () => {
    let tries = 0;
    stubServer(({ url }) => {
      if (url === EDITOR_API.me) return me(true);
      if (url === ACTIVITY_API.log)
        return ++tries === 1
          ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try again in a moment.' } } }
          : page([], null);
      return undefined;
    });
    const host = await mount(<ActivityScreen />);
    await eventually(() => expect(host.querySelector('[role="alert"]')).not.toBeNull());
    await click(button(host, /Try again/)!);
    await eventually(() => expect(host.textContent).toContain(m.emptyTitle));
  });

  it('someone without the read-activity right is told so, and the log is not asked for', async () => {
    const calls = stubServer(({ url }) => (url === EDITOR_API.me ? me(false) : undefined));
    const host = await mount(<ActivityScreen />);
    await eventually(() => expect(host.textContent).toContain('Only the site’s owner or an admin'));
    expect(calls.some((c) => c.url.startsWith(ACTIVITY_API.log))).toBe(false);
  });
});
