import { describe, expect, it } from 'vitest';
import { hasChromium } from '../browser';
import { chromiumSession } from '../chromium-session';

/** The shopper's whole journey on a fresh demo store, in one browser session. */
describe.skipIf(!hasChromium)('shopping end to end in Chromium', () => {
  // The Content-Security-Policy must let the whole journey run: any violation is an error here.
  const e2e = chromiumSession({ cspViolations: true });

  const addButton = () => e2e.page.locator('.product-detail .sqs-add-to-cart-host button');
  const text = (selector: string) => e2e.page.locator(selector).first().textContent();

  it('browses the shop and opens a product', async () => {
    await e2e.page.goto(e2e.server.url + '/shop');
    await e2e.page.getByRole('link', { name: /Linen Work Shirt/ }).click();
    await e2e.page.waitForURL(/\/shop\/p\/linen-shirt$/);
    await expect.poll(() => addButton().textContent()).toBe('Add To Cart');
  });

  it('names the unselected options in an alert', async () => {
    await addButton().click();
    const alert = e2e.page.getByRole('alertdialog');
    await expect
      .poll(() => alert.textContent(), { timeout: 5000 })
      .toContain('Please select the Size and Color options.');
    expect(await alert.textContent()).toContain('Unable to Add Item');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => alert.count()).toBe(0);
  });

  it('adds the chosen variant: Adding…, Added!, the popover and the pill count', async () => {
    await e2e.page.selectOption('select[data-variant-option-name="Size"]', 'M');
    await e2e.page.locator('.variant-swatch__label', { hasText: 'Blue' }).click();
    await addButton().click();
    await expect.poll(() => addButton().textContent(), { interval: 20 }).toBe('Adding…');
    await expect.poll(() => addButton().textContent(), { timeout: 5000 }).toBe('Added!');
    await expect
      .poll(() => text('#sqs-pill-cart-root'), { timeout: 5000 })
      .toContain('Linen Work Shirt was added to your cart.');
    await expect
      .poll(() => e2e.page.locator('.sqs-pill-cart').textContent(), { timeout: 5000 })
      .toContain('1 item');
    // Back to idle after 2 s.
    await expect.poll(() => addButton().textContent(), { timeout: 5000 }).toBe('Add To Cart');
  });

  it('opens the instalment modal and closes it with Escape, returning focus', async () => {
    const opener = e2e.page.locator('.product-instalments button').first();
    await opener.click();
    const dialog = e2e.page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await expect.poll(() => dialog.textContent(), { timeout: 5000 }).toContain('interest-free');
    await e2e.page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('shows Sold Out on a sold-out product and signs up for its restock notice', async () => {
    await e2e.page.goto(e2e.server.url + '/shop/p/enamel-mug');
    await expect.poll(() => addButton().textContent()).toBe('Sold Out');
    expect(await addButton().isDisabled()).toBe(true);
    const restock = e2e.page.locator('.product-restock-notification');
    // The accessible form replaces the page's own once its chunk arrives (restock.tsx).
    await restock.locator('form.sqs-restock__form').waitFor();
    await restock.getByRole('textbox').fill('not-an-email');
    await restock.getByRole('button', { name: /Sign Up/i }).click();
    await expect.poll(() => restock.textContent(), { timeout: 5000 }).toContain('Email is invalid');
    await restock.getByRole('textbox').fill('ada@example.com');
    await restock.getByRole('button', { name: /Sign Up/i }).click();
    await expect.poll(() => restock.textContent(), { timeout: 5000 }).toContain('Signed up!');
  });

  it('adds a second product from the listing', async () => {
    await e2e.page.goto(e2e.server.url + '/shop');
    const card = e2e.page.locator('.product-card', { hasText: 'Field Notebook' });
    await card.getByRole('button', { name: 'Add To Cart' }).click();
    await expect
      .poll(() => e2e.page.locator('.sqs-pill-cart').textContent(), { timeout: 5000 })
      .toContain('2 items');
  });

  it('changes a quantity and removes an item on /cart', async () => {
    await e2e.page.goto(e2e.server.url + '/cart');
    const line = (title: string) => e2e.page.locator('.sqs-cart-item', { hasText: title });
    await expect.poll(() => line('Linen Work Shirt').count()).toBe(1);
    await line('Linen Work Shirt')
      .getByRole('button', { name: /increase/i })
      .click();
    await expect
      .poll(() => e2e.page.locator('.sqs-cart-page').textContent(), { timeout: 5000 })
      .toContain('$254.00');
    await line('Field Notebook')
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect.poll(() => line('Field Notebook').count()).toBe(0);
    await expect
      .poll(() => e2e.page.locator('.sqs-cart-page').textContent(), { timeout: 5000 })
      .toContain('$240.00');
  });

  it('checks out with the test payment and sees the order confirmed', async () => {
    await e2e.page.getByRole('button', { name: 'Checkout' }).click();
    await e2e.page.waitForURL(/\/checkout$/);
    await e2e.page.getByLabel('Email').fill('ada@example.com');
    await e2e.page.getByLabel('First Name').fill('Ada');
    await e2e.page.getByLabel('Last Name').fill('Lovelace');
    await e2e.page.getByLabel('Address', { exact: true }).fill('12 Analytical Row');
    await e2e.page.getByLabel('City').fill('London');
    await e2e.page.getByLabel('Postal Code').fill('N1 9GU');
    await e2e.page.getByLabel('Country').selectOption('GB');
    await e2e.page.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await e2e.page.getByLabel(/Expiry/).fill('12/39');
    await e2e.page.getByLabel(/Security Code/).fill('123');
    await e2e.page.getByRole('button', { name: 'Place Order' }).click();
    await e2e.page.waitForURL(/\/checkout\/order-confirmed\?/);
    expect(await e2e.page.getByRole('heading', { level: 1 }).textContent()).toBe('Thank you for your order');
    const shirt = e2e.page.locator('.order-line', { hasText: 'Linen Work Shirt' });
    expect(await shirt.locator('.order-line__options').textContent()).toBe('Size: M · Color: Blue');
    // The cart is gone after the purchase.
    await expect.poll(() => e2e.page.locator('.sqs-pill-cart').isVisible()).toBe(false);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('asks for the additional fields in a lightbox before adding, with the form rules', async () => {
    await e2e.page.goto(e2e.server.url + '/shop/p/monogrammed-wallet');
    await addButton().click();
    const dialog = e2e.page.getByRole('dialog');
    await expect.poll(() => dialog.count(), { timeout: 5000 }).toBe(1);
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => dialog.textContent()).toContain('Required');
    await dialog.getByLabel(/Initials/).fill('ADAL');
    await dialog.getByLabel(/Thread color/).selectOption('Red');
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => dialog.textContent()).toContain('You have exceeded the character limit.');
    await dialog.getByLabel(/Initials/).fill('AL');
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => dialog.count(), { timeout: 5000 }).toBe(0);
    await expect
      .poll(() => e2e.page.locator('.sqs-pill-cart').textContent(), { timeout: 5000 })
      .toContain('1 item');
  });

  it('edits the answers from the cart with Edit Details', async () => {
    await e2e.page.goto(e2e.server.url + '/cart');
    const line = e2e.page.locator('.sqs-cart-item', { hasText: 'Monogrammed Leather Wallet' });
    await line.getByRole('button', { name: /Edit Details/i }).click();
    const dialog = e2e.page.getByRole('dialog');
    await expect.poll(() => dialog.count(), { timeout: 5000 }).toBe(1);
    expect(await dialog.getByLabel(/Initials/).inputValue()).toBe('AL');
    await dialog.getByLabel(/Initials/).fill('ZQ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count(), { timeout: 5000 }).toBe(0);
    const cart = await e2e.page.evaluate(async () => (await fetch('/api/commerce/shopping-cart')).json());
    expect(JSON.parse(cart.entries[0].additionalFields)).toMatchObject({ initials: 'ZQ', thread: 'Red' });
  });

  it('goes straight to checkout from an express-checkout product', async () => {
    await e2e.page.goto(e2e.server.url + '/shop/p/bookbinding-workshop');
    await e2e.page.getByRole('button', { name: 'Book Now' }).click();
    await e2e.page.waitForURL(/\/checkout$/, { timeout: 10_000 });
    await expect
      .poll(() => e2e.page.locator('.sqs-checkout').textContent(), { timeout: 5000 })
      .toContain('Bookbinding Workshop');
    expect(e2e.pageErrors).toEqual([]);
  });
});
