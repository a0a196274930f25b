import { request } from 'node:http';
import { DEMO_OWNER } from '../src/seed/demo-site';

/**
 * One HTTP request through node:http, answered as a fetch Response. Not fetch itself: a browser
 * sends the site's name in the Host header, which fetch does not let a caller set.
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
            answer.append(name, v);
        }
        const status = res.statusCode ?? 500;
        const content = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(content, { status, headers: answer }));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The editor in a browser against a started server, over real HTTP: cookies, the crumb and the
 * session's XSRF header on every state-changing call. `host`: the site's name the browser sends
 * (the server's own address when absent).
 */
export class HttpEditor {
  readonly cookies = new Map<string, string>();
  xsrf = '';

  constructor(readonly host?: string) {}

  async call(
    url: string,
    method = 'GET',
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const res = await send(
      url,
      method,
      {
        ...(this.host ? { host: this.host } : {}),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET'
          ? {}
          : { 'x-csrf-token': this.cookies.get('crumb') ?? '', 'x-siteuser-xsrf-token': this.xsrf }),
        ...headers,
      },
      body === undefined ? undefined : JSON.stringify(body),
    );
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  }

  async signIn(origin: string, login: { email: string; password: string } = DEMO_OWNER) {
    await this.call(`${origin}/api/crumb`);
    const res = await this.call(`${origin}/api/site-users/account/session`, 'POST', {
      ...login,
      rememberMe: false,
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
    this.xsrf = ((await res.json()) as { xsrfToken: string }).xsrfToken;
    return this;
  }
}
