import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The elements reaching past the right edge when the document scrolls sideways (none when it
 * does not), named by tag and classes so a failure says what to fix.
 */
export const sidewaysOverflow = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
  });

/**
 * axe's violations on the page, or inside the elements `selector` matches, each as its rule and
 * the nodes it found. axe goes in through the debugger, which the site's CSP does not govern.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (within) => {
    type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (c: unknown) => Promise<AxeResult> } }).axe;
    const result = await axe.run(within ?? document);
    return result.violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }, selector);
}
