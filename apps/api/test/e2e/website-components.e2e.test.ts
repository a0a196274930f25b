import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_API, type PageDetail } from '@site/page-content';
import { hasChromium, launchChromium } from '../browser';
import { HttpEditor } from '../http-editor';
import { signInOwner } from '../owner-browser';
import { startBuiltServer, type StartedServer } from '../server';

/**
 * platform.md §3 block type 1337, as an owner uses it: save a block as a component, place it on a
 * second page, edit the component once, and both published pages show the change.
 */
describe.skipIf(!hasChromium)('website components', () => {
  let server: StartedServer;
  let browser: Browser;
  let owner: HttpEditor;
  const pages: PageDetail[] = [];

  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchChromium();
    owner = await new HttpEditor().signIn(server.url);
    for (const [title, text] of [
      ['Visit us', 'Open daily 9 to 5'],
      ['Find us', 'Two minutes from the station'],
    ]) {
      const page = (await (
        await owner.call(server.url + EDITOR_API.pages, 'POST', { title })
      ).json()) as PageDetail;
      const saved = await owner.call(server.url + EDITOR_API.draft(page.id), 'PUT', {
        version: page.version,
        document: {
          sections: [{ id: 's1', blocks: [{ id: 'hours', type: 'heading', settings: { text } }] }],
        },
      });
      expect(saved.status).toBe(200);
      pages.push(page);
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const visit = async (path: string) => (await fetch(server.url + path)).text();

  it('saves a block as a component, places it on two pages and shows one edit on both', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInOwner(page, server.url);
    const publish = async () => {
      const published = page.waitForResponse(
        (r) => r.url().endsWith('/publish') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Publish' }).click();
      expect((await published).status()).toBe(200);
    };

    await page.goto(`${server.url}/config/pages/${pages[0]!.id}`);
    await page.getByRole('button', { name: 'Save as component' }).click();
    await page.getByLabel('Component name').fill('Opening hours');
    await page.getByRole('button', { name: 'Save component' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Edit component' }).count()).toBe(1);
    await expect.poll(() => page.frameLocator('iframe').getByText('Open daily 9 to 5').count()).toBe(1);
    await publish();

    await page.goto(`${server.url}/config/pages/${pages[1]!.id}`);
    await page.getByRole('tab', { name: 'Add' }).click();
    await page.getByRole('button', { name: /Opening hours/ }).click();
    await publish();
    for (const p of pages) expect(await visit(p.path)).toContain('Open daily 9 to 5');

    await page.goto(`${server.url}/config/components`);
    await expect.poll(() => page.getByText(/Used on (Find us, Visit us|Visit us, Find us)/).count()).toBe(1);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Text', { exact: true }).fill('Open daily 10 to 6');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/editor/components/') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);

    for (const p of pages) {
      const html = await visit(p.path);
      expect(html).toContain('Open daily 10 to 6');
      expect(html).not.toContain('Open daily 9 to 5');
    }
    await context.close();
  }, 120_000);
});
