import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
}

export const TEST_CLIENT = { clientId: 'site-test-client', clientSecret: 'a-test-client-secret-0042' };

/**
 * A real OpenID Connect provider (oidc-provider) on a free port of this machine. Its sign-in
 * step signs in as `nextAccount` at once (or refuses, when `denyNext` is set) instead of showing a
 * login form, so API tests can walk the redirects and e2e tests see the round trip end to end.
 */
export async function startTestProvider(redirectUris: string[]) {
  const accounts = new Map<string, TestAccount>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client: ClientMetadata = {
    client_id: TEST_CLIENT.clientId,
    client_secret: TEST_CLIENT.clientSecret,
    redirect_uris: redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
  };
  const provider = new Provider(issuer, {
    clients: [client],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    scopes: ['openid', 'email', 'profile'],
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...accounts.get(sub) }) }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-provider-cookie-key'] },
  });
  const state = { nextAccount: '', denyNext: false, discoveries: 0 };
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/.well-known/openid-configuration')) state.discoveries += 1;
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (state.denyNext || !state.nextAccount) {
        state.denyNext = false;
        return provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The person said no' },
          { mergeWithLastSubmission: false },
        );
      }
      const accountId = state.nextAccount;
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  return {
    issuer,
    /** How many times the discovery document was fetched. */
    get discoveries() {
      return state.discoveries;
    },
    /** The account the next sign-in at the provider is, with its claims. */
    signInAs(sub: string, account: TestAccount) {
      accounts.set(sub, account);
      state.nextAccount = sub;
      state.denyNext = false;
    },
    /** The next visitor presses "cancel" at the provider. */
    denyNext() {
      state.denyNext = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestProvider = Awaited<ReturnType<typeof startTestProvider>>;

/**
 * Follows the provider's redirects as a browser would (keeping its cookies) from the authorization
 * URL until it sends the visitor back to `redirectPrefix`; answers that URL.
 */
export async function walkProvider(authorizationUrl: string, redirectPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  const prefix = new URL(redirectPrefix).href;
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(prefix)) return new URL(url);
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`The provider stopped at ${url} with ${res.status}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('The provider redirected too many times');
}
