import { STORE_API, type AdminOrderDetail } from '@site/commerce-core/admin';
import { FILES_API } from '@site/page-content';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ADDRESS, TEST_CARD } from '../client';
import { hasChromium, launchChromium } from '../browser';
import { HttpEditor } from '../http-editor';
import type { SmtpSink } from '../smtp-sink';
import type { StartedServer } from '../server';

/**
 * The demo site on a started server, as the rows of the settings table see it: the owner's API to
 * flip a setting, and what a shopper, a visitor or the owner then gets back. Rows share one site,
 * so each one sets every setting it depends on instead of trusting what an earlier row left.
 */
export class SettingsSite {
  readonly owner: HttpEditor;
  private browser: Browser | undefined;

  constructor(
    readonly server: StartedServer,
    /** Every email the server sent (SMTP_URL points here). */
    readonly mail: SmtpSink,
  ) {
    this.owner = new HttpEditor();
  }

  get origin(): string {
    return this.server.url;
  }

  async start(): Promise<this> {
    await this.owner.signIn(this.origin);
    return this;
  }

  async close(): Promise<void> {
    await this.browser?.close();
  }

  /** A call as the owner that must succeed; answers its JSON. */
  async ownerCall<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.owner.call(`${this.origin}${path}`, method, body);
    const text = await res.text();
    expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * Changes some fields of a commerce-preferences namespace as the store settings screen saves
   * them (the whole namespace is sent; `undefined` empties a field), keeping the others.
   */
  async setPreferences(namespace: string, patch: Record<string, unknown>): Promise<void> {
    const path = STORE_API.commercePreferences(namespace);
    const current = await this.ownerCall<Record<string, unknown>>('GET', path);
    await this.ownerCall('PUT', path, { ...current, ...patch });
  }

  /** A visitor with no cookies yet: their own cart and crumb. */
  async visitor(): Promise<HttpEditor> {
    const visitor = new HttpEditor();
    await visitor.call(`${this.origin}/api/crumb`);
    return visitor;
  }

  /** A page's HTML as a visitor gets it. */
  async html(path: string, visitor?: HttpEditor): Promise<string> {
    const res = await (visitor ?? (await this.visitor())).call(`${this.origin}${path}`);
    expect(res.status, path).toBe(200);
    return res.text();
  }

  /** The page context the storefront script reads (the JSON the page embeds). */
  async pageContext(path: string, visitor?: HttpEditor): Promise<Record<string, unknown>> {
    const html = await this.html(path, visitor);
    return JSON.parse(/<script[^>]*id="page-context"[^>]*>([^<]*)<\/script>/.exec(html)![1]!) as Record<
      string,
      unknown
    >;
  }

  /**
   * A shopper's order of one unit of a variant with the test card; answers the server's reply (status
   * and JSON), so a row can also assert a refusal. `checkout` adds fields to the checkout call.
   */
  async checkout(
    item: { itemId: string; sku: string },
    checkout: Record<string, unknown> = {},
  ): Promise<{ status: number; body: Record<string, unknown>; shopper: HttpEditor }> {
    const shopper = await this.visitor();
    const added = await shopper.call(`${this.origin}/api/commerce/shopping-cart/entries`, 'POST', {
      ...item,
      quantity: 1,
    });
    expect(added.status, await added.clone().text()).toBeLessThan(300);
    const res = await shopper.call(`${this.origin}/api/commerce/checkout`, 'POST', {
      email: 'shopper@example.com',
      shippingAddress: ADDRESS,
      payment: TEST_CARD,
      ...checkout,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, shopper };
  }

  /** A file uploaded as the owner in the file manager; answers its id. */
  async upload(name: string, content: Buffer, type: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)], { type }), name);
    const res = await fetch(`${this.origin}${FILES_API.files}`, {
      method: 'POST',
      body: form,
      headers: {
        cookie: [...this.owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': this.owner.cookies.get('crumb') ?? '',
        'x-siteuser-xsrf-token': this.owner.xsrf,
      },
    });
    const text = await res.text();
    expect(res.status, text).toBe(201);
    return (JSON.parse(text) as { files: { id: string }[] }).files[0]!.id;
  }

  /** The order as the owner's order screen loads it. */
  order(id: string): Promise<AdminOrderDetail> {
    return this.ownerCall<AdminOrderDetail>('GET', STORE_API.order(id));
  }

  /**
   * A page in Chromium at a phone's width, for what only the storefront script draws (the
   * instalment pill); undefined where the machine has no Chromium.
   */
  async open(path: string): Promise<Page | undefined> {
    const page = await this.newPage();
    await page?.goto(`${this.origin}${path}`);
    return page;
  }

  /** A new visitor's blank tab (no cookies), so a row can watch requests from the first one. */
  async newPage(): Promise<Page | undefined> {
    if (!hasChromium) return undefined;
    this.browser ??= await launchChromium();
    const page = await this.browser.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(15_000);
    return page;
  }
}
