import { SITE_PROFILE_API, TEAM_API } from '@site/page-content';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../browser';
import { signInOwner } from '../owner-browser';
import { startBuiltServer, type StartedServer } from '../server';
import { SmtpSink } from '../smtp-sink';

const INVITEE = 'sam.editor@example.test';
const PASSWORD = 'juniper lantern 47';

/** The join link of the newest invitation to `to`, from its quoted-printable text part. */
function joinLink(sink: SmtpSink, to: string): string | undefined {
  return sink.linkTo(to, /https?:\/\/[^\s"<]+\/config\/join\?token=[\w-]{43}/);
}

/** What the signed-in editor's own browser gets back from a call its role may not make. */
async function statusOf(page: Page, method: string, url: string, body: unknown): Promise<string> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const { crumb } = (await (await fetch('/api/crumb')).json()) as { crumb: string };
      const { xsrfToken } = (await (await fetch('/api/editor/me')).json()) as { xsrfToken: string };
      const res = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': crumb,
          'x-siteuser-xsrf-token': xsrfToken,
        },
        body: JSON.stringify(body),
      });
      // The refusal's code too: a missing token would be a 403 of another kind.
      const answer = (await res.json()) as { error?: { code?: string } };
      return `${res.status} ${answer.error?.code ?? ''}`;
    },
    { method, url, body },
  );
}

/** The owner invites an editor from the Team screen; the editor joins by the emailed link. */
describe.skipIf(!hasChromium)('the site team end to end in Chromium', () => {
  let server: StartedServer;
  let sink: SmtpSink;
  let browser: Browser;
  let owner: Page;
  let invitee: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    sink = new SmtpSink();
    server = await startBuiltServer({ SMTP_URL: await sink.start() });
    browser = await launchChromium();
    owner = await (await browser.newContext()).newPage();
    invitee = await (await browser.newContext()).newPage();
    for (const p of [owner, invitee]) p.on('pageerror', (e) => pageErrors.push(e.message));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.stop();
  });

  it('the owner invites an editor by email from the Team screen', async () => {
    await signInOwner(owner, server.url);
    await owner.getByRole('link', { name: 'Team', exact: true }).click();
    await owner.waitForURL(/\/config\/team$/);
    await owner.getByLabel('Email', { exact: true }).fill('not an address');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expect
      .poll(() => owner.getByRole('alert').first().textContent())
      .toContain('Enter an email address');
    await owner.getByLabel('Email', { exact: true }).fill(INVITEE);
    await owner.getByLabel('Role', { exact: true }).selectOption('editor');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expect
      .poll(() =>
        owner
          .getByRole('status')
          .filter({ hasText: `Invitation sent to ${INVITEE}` })
          .count(),
      )
      .toBe(1);
    expect(await owner.getByText(`${INVITEE} · Editor`).count()).toBe(1);
  });

  it('the invitee opens the emailed link, sets a password and lands in the editor', async () => {
    await expect.poll(() => joinLink(sink, INVITEE), { timeout: 30_000 }).toBeTruthy();
    const link = joinLink(sink, INVITEE)!;
    expect(new URL(link).origin).toBe(server.url);
    await invitee.goto(link);
    await expect.poll(() => invitee.getByRole('heading', { name: /^Join / }).count()).toBe(1);
    expect(await invitee.getByLabel('Email').inputValue()).toBe(INVITEE);
    await invitee.getByLabel('New password').fill(PASSWORD);
    await invitee.getByRole('button', { name: 'Join the team' }).click();
    await invitee.waitForURL(/\/config\/pages$/);
    await expect.poll(() => invitee.getByRole('heading', { name: 'Pages', exact: true }).count()).toBe(1);
    // An editor's Settings hold no Site, Domains or Team.
    const nav = invitee.getByRole('navigation', { name: 'Editor' });
    for (const name of ['Site', 'Domains', 'Team'])
      expect(await nav.getByRole('link', { name, exact: true }).count()).toBe(0);
    // The link works once.
    const again = await (await browser.newContext()).newPage();
    await again.goto(link);
    await expect.poll(() => again.getByRole('alert').textContent()).toContain('already been accepted');
    await again.close();
  });

  it('the editor edits a page, and is refused a refund and the site settings', async () => {
    await invitee.getByRole('button', { name: 'Add page' }).click();
    await invitee.getByLabel('Title').fill('Made by the editor');
    await invitee.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() => invitee.getByRole('heading', { name: 'Made by the editor', level: 1 }).count())
      .toBe(1);
    expect(
      await statusOf(invitee, 'POST', '/api/editor/store/orders/any/refund-amount', { amount: '1' }),
    ).toBe('403 FORBIDDEN');
    expect(await statusOf(invitee, 'PUT', SITE_PROFILE_API.profile, { name: 'Taken over' })).toBe(
      '403 FORBIDDEN',
    );
    expect(
      await statusOf(invitee, 'POST', TEAM_API.invitations, { email: 'x@example.com', role: 'admin' }),
    ).toBe('403 FORBIDDEN');
  });

  it('the owner sees the editor on the team', async () => {
    await owner.reload();
    await expect.poll(() => owner.getByLabel(`Role for ${INVITEE}`).inputValue()).toBe('editor');
    expect(await owner.getByText('No invitations are waiting for an answer.').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
