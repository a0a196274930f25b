import { Shopper } from './client';

export const SESSION = '/api/site-users/account/session';

/** A browser signed in as a member: the Shopper's cookies plus the session's XSRF header. */
export class Member extends Shopper {
  xsrf = '';
  async signIn(
    login: { email: string; password: string },
    rememberMe = false,
    headers: Record<string, string> = {},
  ) {
    const res = await this.request('POST', SESSION, { ...login, rememberMe }, headers);
    if (res.statusCode === 200) this.xsrf = res.json().xsrfToken;
    return res;
  }
  send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
    return this.request(method, url, payload ?? (method === 'DELETE' ? undefined : {}), {
      'x-siteuser-xsrf-token': this.xsrf,
    });
  }
}
