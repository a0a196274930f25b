import type { FastifyInstance, InjectOptions } from 'fastify';
import { Shopper } from './client';

/** The editor in a browser: signed in as a member, sending the session's XSRF header on every call. */
export class EditorClient extends Shopper {
  xsrf = '';

  constructor(app: FastifyInstance, host?: string) {
    super(app, host);
  }

  async signIn(login: { email: string; password: string }) {
    const res = await this.request('POST', '/api/site-users/account/session', {
      ...login,
      rememberMe: false,
    });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    this.xsrf = res.json().xsrfToken;
    return this;
  }

  call(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return this.request(method, url, payload, { 'x-siteuser-xsrf-token': this.xsrf, ...headers });
  }
}
