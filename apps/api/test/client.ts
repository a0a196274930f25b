import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * A shopper's browser against the in-process app: keeps cookies between calls and sends the
 * crumb header on state-changing calls, as the storefront bundle does.
 */
export class Shopper {
  readonly cookies = new Map<string, string>();

  /** `host`: the site's address this browser talks to (its Host header); localhost, the demo site, when absent. */
  constructor(
    private readonly app: FastifyInstance,
    readonly host?: string,
  ) {}

  private remember(res: LightMyRequestResponse): void {
    for (const c of res.cookies) {
      if (
        c.value === '' ||
        (c.maxAge !== undefined && c.maxAge <= 0) ||
        (c.expires && c.expires.getTime() < Date.now())
      ) {
        this.cookies.delete(c.name);
      } else this.cookies.set(c.name, c.value);
    }
  }

  async request(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    if (!this.cookies.has('crumb') && method !== 'GET') await this.request('GET', '/api/crumb');
    const res = await this.app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: {
        ...(this.host ? { host: this.host } : {}),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method !== 'GET' && this.cookies.has('crumb')
          ? { 'x-csrf-token': this.cookies.get('crumb')! }
          : {}),
        ...headers,
      },
    });
    this.remember(res);
    return res;
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, payload?: unknown) {
    return this.request('POST', url, payload ?? {});
  }
  put(url: string, payload?: unknown) {
    return this.request('PUT', url, payload ?? {});
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }

  addToCart(itemId: string, sku: string, quantity = 1, additionalFields?: Record<string, unknown>) {
    return this.post('/api/commerce/shopping-cart/entries', {
      itemId,
      sku,
      quantity,
      ...(additionalFields ? { additionalFields: JSON.stringify(additionalFields) } : {}),
    });
  }
}

export const TEST_CARD = { provider: 'test', cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
export const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  line1: '12 Analytical Row',
  city: 'London',
  region: '',
  postalCode: 'N1 9GU',
  country: 'GB',
};
