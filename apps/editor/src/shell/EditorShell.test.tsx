import { EDITOR_API, type EditorSite } from '@site/page-content';
import { billingMessages } from '@site/ui';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, me, mount, stubServer, unmount } from '../test/dom';
import { EditorShell } from './EditorShell';

afterEach(unmount);

/** The shell around one screen, at /pages, with the server answering `billing` for the site. */
async function shellWith(billing: EditorSite['billing'], roles = ['owner']) {
  stubServer(({ url }) => {
    if (url === EDITOR_API.me) {
      const owner = me();
      return { ...owner, body: { ...(owner.body as object), roles } };
    }
    if (url === EDITOR_API.site)
      return { status: 200, body: { website: { id: 'w', siteTitle: 'Olive & Ink' }, billing } };
    return undefined;
  });
  const root = createRootRoute({ component: EditorShell });
  const pages = createRoute({ getParentRoute: () => root, path: '/pages', component: () => <p>Pages</p> });
  const router = createRouter({
    routeTree: root.addChildren([pages]),
    history: createMemoryHistory({ initialEntries: ['/pages'] }),
  });
  const host = await mount(<RouterProvider router={router} />);
  await eventually(() => expect(host.textContent).toContain('Olive & Ink'));
  return host;
}

describe('the trial bar', () => {
  it('counts down a trial and links to the upgrade page when the server sells plans', async () => {
    const trialEndsAt = new Date(Date.now() + 14 * 86_400_000 - 60_000).toISOString();
    const host = await shellWith({ plan: 'trial', trialEndsAt });
    const bar = host.querySelector('[role="note"]');
    expect(bar?.textContent).toContain(billingMessages.trialEndsIn(14));
    expect(bar?.querySelector('a')?.textContent).toBe(billingMessages.upgrade);
    expect(bar?.querySelector('a')?.getAttribute('href')).toBe('/settings/billing/upgrade');
  });

  it('links a site on a plan to its subscription page', async () => {
    const host = await shellWith({ plan: 'business', trialEndsAt: null });
    expect(host.textContent).toContain(billingMessages.managePlan);
    expect(host.textContent).not.toContain(billingMessages.upgrade);
  });

  it('shows nothing about trials or plans where the server sells none (a self-hosted install)', async () => {
    const host = await shellWith(null);
    expect(host.querySelector('.ed-trial')).toBeNull();
    expect(host.textContent).not.toMatch(/trial|Upgrade|Manage plan/i);
  });
});

describe('the editor navigation', () => {
  it('groups every screen, with the developer screens apart under Advanced', async () => {
    const host = await shellWith(null);
    const groups = [...host.querySelectorAll('nav [role="group"]')].map((g) => ({
      label: g.querySelector('.ed-topbar__group-label')?.textContent,
      links: [...g.querySelectorAll('a')].map((a) => a.textContent),
    }));
    expect(groups.map((g) => g.label)).toEqual([
      'Website',
      'Commerce',
      'Marketing',
      'Analytics',
      'Settings',
      'Advanced',
    ]);
    expect(groups.find((g) => g.label === 'Advanced')?.links).toEqual(['Templates', 'Automations']);
    expect(groups.find((g) => g.label === 'Website')?.links).not.toContain('Templates');
  });

  it.each([
    ['owner', ['Site', 'Member sign-in', 'Languages', 'Domains', 'Team', 'Activity']],
    ['admin', ['Site', 'Member sign-in', 'Languages', 'Activity']],
    ['store-manager', ['Languages']],
    ['editor', ['Languages']],
    ['viewer', ['Languages']],
  ])('Settings as the role table says, for the %s', async (role, links) => {
    const host = await shellWith(null, [role]);
    const settings = [...host.querySelectorAll('nav [role="group"]')].find(
      (g) => g.querySelector('.ed-topbar__group-label')?.textContent === 'Settings',
    );
    expect([...settings!.querySelectorAll('a')].map((a) => a.textContent)).toEqual(links);
  });

  it('opens and closes the whole list from the Menu button (shown on a phone)', async () => {
    const host = await shellWith(null);
    const button = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Menu')!;
    const nav = host.querySelector('nav')!;
    expect(button.getAttribute('aria-controls')).toBe(nav.id);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(nav.classList.contains('ed-topbar__nav--open')).toBe(false);
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.textContent).toBe('Close menu');
    expect(nav.classList.contains('ed-topbar__nav--open')).toBe(true);
    await act(async () => nav.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
