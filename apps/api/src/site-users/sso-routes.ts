import {
  SSO_API,
  SSO_SCREEN_PATH,
  ssoIssuerSchema,
  ssoProviderEnabledSchema,
  ssoProviderInputSchema,
  ssoProviderUpdateSchema,
} from '@site/page-content';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createRoleGuard, handle, parse, parsePayload } from '../http';
import type { RouteDocs } from '../http/openapi';
import { createRateLimiter, type RateLimitOptions } from '../security/rate-limiter';
import { safeReturnTo } from '../security/return-to';
import { createSession, endSession, findSession, setSessionCookies } from '../security/sessions';
import {
  addProvider,
  finishSignIn,
  listProviders,
  providerView,
  DiscoveryCache,
  removeProvider,
  setProviderEnabled,
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

/**
 * How many sign-ins may start per minute: each one writes a row and calls the provider. Per client
 * address, so one visitor (or script) cannot fill the table; per site, so many addresses together
 * cannot either. In this process's memory, as the forms' and reviews' submission limits.
 */
export interface SsoStartLimits {
  perClient: Omit<RateLimitOptions, 'now'>;
  perSite: Omit<RateLimitOptions, 'now'>;
}
export const DEFAULT_START_LIMITS: SsoStartLimits = {
  perClient: { max: 20, windowMs: 60_000 },
  perSite: { max: 600, windowMs: 60_000 },
};

function toScreen(reply: FastifyReply, err: unknown, request: FastifyRequest) {
  const refusal = err instanceof SsoRefusal ? err : undefined;
  // Anything unforeseen still lands on the screen with a message, never on an error page.
  if (!refusal) request.log.error({ err }, 'single sign-on failed');
  // The provider's fault (down, an address the policy refuses): the owner's log says which.
  else if (refusal.cause) {
    request.log.warn({ err: refusal.cause, code: refusal.code }, 'single sign-on refused');
  }
  const query = new URLSearchParams({ error: refusal?.code ?? 'failed' });
  if (refusal?.providerId) query.set('provider', refusal.providerId);
  return reply.redirect(`${SSO_SCREEN_PATH}?${query}`, 302);
}

/**
 * Members' single sign-on (README "Single sign-on"): the owner's providers in the editor, and the
 * visitor's round trip through a provider, which always ends on a page of the site.
 */
export function registerSsoRoutes(
  app: FastifyInstance,
  options: SsoContext & { startLimits?: SsoStartLimits },
): void {
  const { startLimits = DEFAULT_START_LIMITS, ...context } = options;
  const ctx: SsoContext = { ...context, discovery: context.discovery ?? new DiscoveryCache() };
  const { db, box } = ctx;
  const perClient = createRateLimiter(startLimits.perClient);
  const perSite = createRateLimiter(startLimits.perSite);
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
      await removeProvider(ctx, request.site.websiteId, id);
      return view(request);
    }),
  );

  app.put(
    `${SSO_API.providers}/:id/enabled`,
    write,
    handle(async (request) => {
      const { id } = parse(IdParams, request.params);
      const { enabled } = parsePayload(ssoProviderEnabledSchema, request.body);
      await setProviderEnabled(ctx, request.site.websiteId, id, enabled);
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
      // The site's budget counts only the starts a client was allowed: one busy address cannot
      // use it all up and lock everyone else out.
      if (!perClient.hit(`${request.site.websiteId}\n${request.ip}`).allowed)
        throw new SsoRefusal('too-many');
      if (!perSite.hit(request.site.websiteId).allowed) throw new SsoRefusal('too-many');
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
      enabled: z.boolean(),
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
  [`PUT ${SSO_API.providers}/:id/enabled`]: {
    summary: "Turns a provider's sign-in button on or off, keeping its settings",
    tags,
    guard: 'owner',
    params: IdParams,
    body: ssoProviderEnabledSchema,
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
