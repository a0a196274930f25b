import type { Page } from 'playwright-core';
import { DEMO_OWNER } from '../src/seed/demo-site';

/** Signs the demo site's owner into the editor at /config, as a person would, and waits for it. */
export async function signInOwner(page: Page, serverUrl: string, login = DEMO_OWNER): Promise<void> {
  await page.goto(serverUrl + '/config');
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/config\/(?!login)/);
}
