import axe from 'axe-core';
import { expect } from 'vitest';

/** Runs axe-core on a rendered component and fails with the rule ids it reports. */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const result = await axe.run(container, {
    // Colour contrast needs real layout and fonts, which the DOM emulator lacks; Storybook's a11y
    // addon checks it in a real browser.
    rules: { 'color-contrast': { enabled: false } },
    // Frames (the product preview) cannot answer axe's messages in the emulator; the frame itself
    // is still checked (its name), its page is the storefront's, checked there.
    iframes: false,
  });
  expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}
