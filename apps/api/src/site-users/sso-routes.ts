import {
  SSO_API,
  SSO_SCREEN_PATH,
  ssoIssuerSchema,
  ssoProviderInputSchema,
  ssoProviderUpdateSchema,
} from '@site/page-content';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createRoleGuard, handle, parse, parsePayload } from '../http';
import type { RouteDocs } from '../http/openapi';
import { safeReturnTo } from '../security/return-to';
import { createSession, endSession, findSession, setSessionCookies } from '../security/sessions';
import {
  addProvider,
  finishSignIn,
  listProviders,
  providerView,
  removeProvider,
  SIGN_IN_LIFETIME_MS,
  SsoRefusal,
  startSignIn,
  testConnection,
  updateProvider,
  type SsoContext,
} from './sso';

/** The browser's half of the state: only the browser that started a sign-in can finish it. */
const STATE_COOKIE = 'ssoState';
const IdParams = z.object({ id: z.string().min(1).max(64) });
const StartQuery = z.object({
  provider: z.string().max(64).default(''),
  returnTo: z.string().max(2000).optional(),
});
const CallbackQuery = z
  .object({
    state: z.string().max(512).optional(),
    code: z.string().max(4096).optional(),
    error: z.string().max(256).optional(),
  })
  .passthrough();

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
// Through URL, as the token request rebuilds it from the callback's URL: `:443` and `:80` drop out.
const redirectUrl = (request: FastifyRequest) => new URL(SSO_API.callback, origin(request)).href;

function toScreen(reply: FastifyReply, err: unknown, request: FastifyRequest) {
  const refusal = err instanceof SsoRefusal ? err : undefined;
  // Anything unforeseen still lands on the screen with a message, never on an error page.
  if (!refusal) request.log.error({ err }, 'single sign-on failed');
  const query = new URLSearchParams({ error: refusal?.code ?? 'failed' });
  if (refusal?.providerId) query.set('provider', refusal.providerId);
  return reply.redirect(`${SSO_SCREEN_PATH}?${query}`, 302);
}

/**
 * Members' single sign-on (README "Single sign-on"): the owner's providers in the editor, and the
 * visitor's round trip through a provider, which always ends on a page of the site.
 */
export function registerSsoRoutes(app: FastifyInstance, ctx: SsoContext): void {
  const { db, box } = ctx;
  const guard = createRoleGuard({ db });
  const read = { preHandler: guard.with('change-settings', false) };
  const write = { preHandler: guard.settings, bodyLimit: 16 * 1024 };
  const view = async (request: FastifyRequest) => ({
    redirectUrl: redirectUrl(request),
    providers: (await listProviders(db, request.site.websiteId)).map((row) => providerView(box, row)),
  });

  app.get(SSO_API.providers, read, handle(view));

  app.post(
    SSO_API.providers,
    write,
    handle(async (request, reply) => {
      await addProvider(ctx, request.site.websiteId, parsePayload(ssoProviderInputSchema, request.body));
      return reply.status(201).send(await view(request));
    }),
  );

  app.put(
    `${SSO_API.providers}/:id`,
    write,
    handle(async (request) => {
      const { id } = parse(IdParams, request.params);
      await updateProvider(
        ctx,
        request.site.websiteId,
        id,
        parsePayload(ssoProviderUpdateSchema, request.body),
      );
      return view(request);
    }),
  );

  app.delete(
    `${SSO_API.providers}/:id`,
    write,
    handle(async (request) => {
      const { id } = parse(IdParams, request.params);
      await removeProvider(db, request.site.websiteId, id);
      return view(request);
    }),
  );

  app.post(
    SSO_API.testConnection,
    write,
    handle(async (request) => testConnection(parsePayload(ssoIssuerSchema, request.body).issuer, ctx.policy)),
  );

  // A plain link from the sign-in screen: it signs nobody in by itself, so it needs no crumb.
  app.get(SSO_API.start, async (request, reply) => {
    try {
      const query = StartQuery.safeParse(request.query);
      if (!query.success) throw new SsoRefusal('unknown-provider');
      const returnTo = safeReturnTo(query.data.returnTo);
      const { url, state } = await startSignIn(
        ctx,
        request.site.websiteId,
        query.data.provider,
        returnTo,
        redirectUrl(request),
      );
      reply.setCookie(STATE_COOKIE, state, {
        path: SSO_API.callback,
        httpOnly: true,
        secure: request.protocol === 'https',
        // Lax: the provider's redirect back is a top-level GET, which Lax cookies go along with.
        sameSite: 'lax',
        maxAge: SIGN_IN_LIFETIME_MS / 1000,
      });
      return reply.redirect(url, 302);
    } catch (err) {
      return toScreen(reply, err, request);
    }
  });

  app.get(SSO_API.callback, async (request, reply) => {
    reply.clearCookie(STATE_COOKIE, { path: SSO_API.callback });
    try {
      const query = CallbackQuery.safeParse(request.query);
      if (!query.success) throw new SsoRefusal('expired');
      const { memberId, returnTo } = await finishSignIn(ctx, request.site.websiteId, {
        state: query.data.state,
        browserState: request.cookies[STATE_COOKIE],
        error: query.data.error,
        currentUrl: new URL(request.url, origin(request)),
      });
      // A browser holds one session: signing in again replaces the one it had.
      const previous = await findSession(db, request);
      if (previous) await endSession(db, previous.sessionId);
      const session = await createSession(db, memberId, false);
      setSessionCookies(request, reply, { token: session.token, memberId, rememberMe: false });
      return reply.redirect(returnTo, 302);
    } catch (err) {
      return toScreen(reply, err, request);
    }
  });
}

const tags = ['site-users'];
const SettingsView = z.object({
  redirectUrl: z.string(),
  providers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      issuer: z.string(),
      clientId: z.string(),
      clientSecretEnding: z.string(),
    }),
  ),
});

export const ssoRouteDocs: RouteDocs = {
  [`GET ${SSO_API.providers}`]: {
    summary: "The site's single sign-on providers (client secrets as their last four characters)",
    tags,
    guard: 'owner',
    response: SettingsView,
  },
  [`POST ${SSO_API.providers}`]: {
    summary: 'Adds an OpenID Connect provider for members (secret sealed at rest)',
    tags,
    guard: 'owner',
    body: ssoProviderInputSchema,
    status: 201,
    response: SettingsView,
  },
  [`PUT ${SSO_API.providers}/:id`]: {
    summary: 'Changes a provider; an empty client secret keeps the stored one',
    tags,
    guard: 'owner',
    params: IdParams,
    body: ssoProviderUpdateSchema,
    response: SettingsView,
  },
  [`DELETE ${SSO_API.providers}/:id`]: {
    summary: 'Removes a provider: its button leaves the sign-in screen',
    tags,
    guard: 'owner',
    params: IdParams,
    response: SettingsView,
  },
  [`POST ${SSO_API.testConnection}`]: {
    summary: "Fetches the issuer's discovery document and says what is wrong with it, if anything",
    tags,
    guard: 'owner',
    body: ssoIssuerSchema,
    response: z.object({ ok: z.boolean(), message: z.string() }),
  },
  [`GET ${SSO_API.start}`]: {
    summary: "Sends the visitor to the provider's sign-in (authorization code, PKCE, state, nonce)",
    tags,
    query: StartQuery,
  },
  [`GET ${SSO_API.callback}`]: {
    summary:
      'Where the provider sends the visitor back: signs the member in, or shows why not on /account/sso',
    tags,
    query: CallbackQuery,
  },
};
