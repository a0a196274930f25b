import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Redis } from 'ioredis';
import { DEFAULT_THEME, messages, SITE_THEMES, type SiteThemeId } from '@site/page-content';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerCartRoutes } from './commerce/cart-routes';
import { registerCheckoutRoutes } from './commerce/checkout-routes';
import { registerDonationRoutes } from './donations/routes';
import { registerAddressRoutes } from './address-autocomplete/routes';
import type { AddressProvider } from './address-autocomplete/provider';
import type { VideoMetadataProvider } from './video-metadata/provider';
import { deliveredFiles, registerDownloadRoutes } from './commerce/downloads';
import { defaultFileStorage, registerFileRoutes, type FileOptions } from './files/routes';
import { registerFormEditorRoutes } from './forms/editor-routes';
import { captchaVerifierFromEnv, type CaptchaVerifier } from './security/captcha';
import { registerFormRoutes } from './forms/routes';
import { registerTrackingRoutes } from './tracking/routes';
import { registerSiteUserRoutes } from './site-users/routes';
import { registerSsoRoutes, type SsoStartLimits } from './site-users/sso-routes';
import { createMemoryLoginGuard, createRedisLoginGuard, type LoginGuard } from './security/login-guard';
import { createTestPaymentProvider, type PaymentProvider } from './commerce/payments';
import { settleFromProcessor } from './payments/confirm-payment';
import { checkoutPayment, stripeKeysFor, type PaymentsContext } from './payments/payment-settings';
import { registerPaymentRoutes } from './payments/routes';
import { createSecretBox, type SecretBox } from './security/secret-box';
import {
  createStripePaymentProvider,
  type StripeConnection,
  type StripeKeys,
} from './payments/stripe-provider';
import { startRenewals } from './commerce/renewals';
import type { DatabaseHandle } from './db/client';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/unavailable';
import { registerApiDocs } from './http/openapi';
import { registerRequestLog, type RequestLogOptions } from './http/request-log';
import { apiRouteDocs } from './docs/route-docs';
import { registerHealthRoutes } from './health/routes';
import { registerPageRoutes } from './pages/routes';
import { registerFeedRoutes } from './pages/feeds';
import { changeFeedFor, SiteVersionStore, type ChangeFeed } from './pages/site-versions';
import { registerBlogRoutes } from './blog/routes';
import { registerTagRoutes } from './tags/routes';
import { registerRedirectRoutes } from './redirects/routes';
import { registerCollectionRoutes } from './collections/routes';
import { DEMO_WEBSITE_ID } from './seed/demo-site';
import { registerCrumbRoute } from './security/crumb';
import { startFormKeyPurge } from './security/form-keys';
import { registerSecurityHeaders } from './security/headers';
import { registerInputHygiene } from './security/input-hygiene';
import { registerRateLimit } from './security/rate-limit';
import { registerRouteCatalog } from './security/route-catalog';
import { appsFolder, publicFolder } from './paths';
import { THEME_ASSETS_PREFIX, themeAssetsPrefix, themeFolderOf, themePublicRoots } from './site/theme';
import { registerUnlockRoute } from './pages/unlock-routes';
import { registerSiteResolution } from './sites/request-site';
import { registerSiteRoutes } from './sites/routes';
import { registerSiteLogoRoutes, registerSiteProfileRoutes } from './sites/profile-routes';
import { registerTeamRoutes } from './sites/team-routes';
import { registerActivityRoutes } from './activity/routes';
import { startSitePurge } from './sites/purge-sites';
import { registerSiteExport } from './sites/site-export';
import { startCartRecovery } from './commerce/cart-recovery';
import { startPhotoFeedRefresh } from './photo-feeds/refresh-job';
import { startAnalyticsWarm } from './analytics/warm-job';
import type { FetchLimits } from './photo-feeds/fetch-feed';
import { DEFAULT_PENDING_EXPIRY_MINUTES, startPendingExpiry } from './commerce/expire-pending';
import { pendingPaymentCheck } from './payments/pending-payment';
import type { TxtResolver } from './sites/domains';
import { readSiteAssets } from './site/assets';
import { registerSiteStylesheets } from './site/site-stylesheet';
import { registerEditorRoutes } from './editor/routes';
import type { BillingOptions } from './editor/site/editor-site';
import { registerFontFiles } from './editor/site-styles/font-files';
import { registerStoreAdminRoutes } from './store-admin/routes';
import { registerOrderExportRoutes } from './store-admin/order-export';
import { registerReviewRoutes } from './reviews/routes';
import { registerMultilingualRoutes } from './multilingual/routes';
import type { JobQueue } from './jobs';
import { registerMailingListRoutes } from './mailing-lists/routes';
import { registerMemberAreaRoutes } from './member-areas/routes';
import { mailingListHooks } from './mailing-lists/subscriptions';
import type { AnalyticsOptions } from './analytics/dashboard';
import { registerAnalyticsRoutes } from './analytics/routes';
import { registerVisitorRecordingRoutes } from './visitor-recordings/routes';
import { createWebhookDispatcher } from './webhooks/dispatcher';
import type { UrlPolicy } from './webhooks/url-policy';

export interface PaymentsOptions {
  box: SecretBox;
  environment?: StripeKeys;
  connection?: StripeConnection;
  /** Minutes an order waits for its payment before it is cancelled and its stock released (30). */
  pendingOrderExpiryMinutes?: number;
}

export interface AppOptions {
  database: DatabaseHandle;
  /** URLs per sitemap before /sitemap.xml becomes an index (50 000; tests set a few). */
  sitemapUrlLimit?: number;
  /**
   * The site localhost serves (the demo site by default). Routes never see it: they read
   * `request.site`, resolved from the Host header (src/sites/request-site.ts).
   */
  defaultWebsiteId?: string;
  /** Sites answer at `<slug>.<baseDomain>` and their custom domains; unset, one site per deployment. */
  baseDomain?: string;
  /** Looks up the TXT records that verify custom domains (node:dns when absent). */
  resolveTxt?: TxtResolver;
  logger?: FastifyServerOptions['logger'];
  /** Folder holding the storefront and editor apps (their dist folders are served). */
  appsDir?: string;
  /** State-changing API calls per client per minute before 429 (0: no limit). */
  writesPerMinute?: number;
  /** Payment providers by id; the built-in test provider when none is given. */
  paymentProviders?: PaymentProvider[];
  /**
   * Stripe: the box sealing owners' secrets, the install's own keys and where the SDK calls.
   * Absent, secrets are sealed under a key made for this process (tests) and no install keys.
   */
  payments?: PaymentsOptions;
  /**
   * Proxies whose X-Forwarded-* headers are believed (addresses or CIDR ranges, as Fastify's
   * trustProxy); none by default, so a client cannot pick its own IP for the limits.
   */
  trustProxy?: string | string[] | false;
  /** Uploaded files: storage, staging folder and size limit. */
  files?: FileOptions;
  /** The durable queue webhook deliveries go through (retried with backoff). */
  jobs?: JobQueue;
  /** Shared by every process: the write limit counts there; absent, each process counts alone. */
  redis?: Redis;
  /** Where commits are heard (default: LISTEN on the database itself, src/pages/site-versions.ts). */
  changeFeed?: ChangeFeed;
  /** Sign-in brute-force guard; Redis-backed when several processes serve the site. */
  loginGuard?: LoginGuard;
  /** Wrong gift-card codes per client; built from `redis` (or in memory) when absent. */
  giftCardGuard?: LoginGuard;
  /** Checks bot-check tokens of forms, newsletter and restock sign-ups; from the env when absent. */
  captchaVerifier?: CaptchaVerifier;
  /** Which addresses webhooks may reach: public ones only by default. */
  webhookPolicy?: UrlPolicy;
  /** Single sign-on starts per client and per site per minute (sso-routes' defaults when absent). */
  ssoStartLimits?: SsoStartLimits;
  /** A photo feed fetch's size cap and time limit (tests make them small). */
  photoFeedLimits?: FetchLimits;
  /** The analytics screen's figures (how stale today's may be). */
  analytics?: AnalyticsOptions;
  /** Who sells plans to site owners; absent (a self-hosted install), the editor shows no trial bar. */
  billing?: BillingOptions;
  /** When a request counts as slow, and how often the requests' summary is logged. */
  requestLog?: RequestLogOptions;
  /** Where checkout address suggestions come from; absent, the checkout offers none. */
  addressProvider?: AddressProvider;
  /** Where gallery video items get their title and poster; absent, the editor cannot look videos up. */
  videoMetadata?: VideoMetadataProvider;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? false,
    // registerRequestLog logs one line per request at debug instead of Fastify's two at info.
    disableRequestLogging: true,
    // Unique across processes and restarts, so one id finds one request in merged logs: the last
    // 48 random bits of a v4 UUID, which Node draws from a cached pool rather than asking the
    // system for six bytes on every request.
    genReqId: () => randomUUID().slice(24),
    trustProxy: options.trustProxy ?? false,
    // While closing, a request that arrives on an open connection is still served (with
    // Connection: close, src/main.ts) rather than refused with 503.
    return503OnClosing: false,
  };
  const app = Fastify(serverOptions);
  // Set before any route: a route takes the handler in force when it is registered, and routes
  // registered ahead of it would answer with Fastify's default one.
  registerErrorHandler(app);
  registerRouteCatalog(app);
  registerRequestLog(app, options.requestLog);
  const apps = options.appsDir ?? appsFolder;
  const storefrontDist = join(apps, 'storefront', 'dist');
  const editorDist = join(apps, 'editor', 'dist');
  const publicDir = publicFolder;

  // First of all: a host no site answers on is refused before any other work.
  const siteResolver = registerSiteResolution(app, {
    db: options.database.db,
    defaultWebsiteId: options.defaultWebsiteId ?? DEMO_WEBSITE_ID,
    baseDomain: options.baseDomain,
  });
  await registerRateLimit(app, { writesPerMinute: options.writesPerMinute ?? 600, redis: options.redis });
  // Pages, styles and scripts go out brotli- or gzip-compressed: on a phone's connection the
  // bytes of the render-blocking CSS and the storefront bundle decide the first paint.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerSecurityHeaders(app);
  registerInputHygiene(app);

  if (existsSync(storefrontDist)) {
    await app.register(fastifyStatic, {
      root: storefrontDist,
      prefix: '/assets/storefront/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
    });
  }
  if (existsSync(publicDir)) {
    await app.register(fastifyStatic, {
      root: publicDir,
      prefix: '/assets/',
      decorateReply: false,
      maxAge: '1h',
    });
  }
  // Only a theme's styles/, assets/ and preview images are public, not its template sources. The
  // default theme is also served where it was before there were several. A theme built on another
  // serves the styles and assets it does not carry from its base; preview images are its own.
  const themeParts: [SiteThemeId, string][] = [
    [DEFAULT_THEME, THEME_ASSETS_PREFIX],
    ...SITE_THEMES.map((t): [SiteThemeId, string] => [t.id, themeAssetsPrefix(t.id)]),
  ];
  for (const [id, prefix] of themeParts)
    for (const part of ['styles', 'assets', 'previews'] as const) {
      const roots = part === 'previews' ? [join(themeFolderOf(id), part)] : themePublicRoots(id, part);
      const existing = roots.filter((r) => existsSync(r));
      if (!existing.length) continue;
      await app.register(fastifyStatic, {
        root: existing.length === 1 ? existing[0]! : existing,
        prefix: `${prefix}${part}/`,
        decorateReply: false,
        maxAge: '1h',
      });
    }
  if (existsSync(editorDist)) {
    // The editor is a SPA: /config and every path under it serve its index.html.
    await app.register(fastifyStatic, {
      root: editorDist,
      prefix: '/config/',
      decorateReply: true,
      wildcard: false,
    });
    app.get('/config', (_req, reply) => reply.sendFile('index.html', editorDist));
    app.get('/config/*', (req, reply) => {
      const rest = (req.params as { '*': string })['*'];
      if (rest && existsSync(join(editorDist, rest))) return reply.sendFile(rest, editorDist);
      return reply.sendFile('index.html', editorDist);
    });
  }

  const versions = new SiteVersionStore(
    options.database.db,
    options.changeFeed ?? changeFeedFor(options.database),
  );
  app.addHook('onClose', () => versions.stop());
  // Removing a site updates its websites row, whose trigger tells every process: each stops
  // routing the site's hosts then, instead of when its host cache entry runs out (60 s).
  versions.onChange((websiteId) => siteResolver.forget({ websiteId }));
  // A write's transaction has committed before its answer goes out: the next page request this
  // process serves reads the counters again instead of waiting for PostgreSQL's notice.
  app.addHook('onSend', async (request) => {
    // request.site is unset when the host named no site (answered 404 before any route).
    if (request.site && request.method !== 'GET' && request.method !== 'HEAD')
      versions.invalidate(request.site.websiteId);
  });

  registerHealthRoutes(app, options.database);
  registerCrumbRoute(app);
  registerApiDocs(app, apiRouteDocs);
  // A webhook reaches public addresses only, unless development asked otherwise (WEBHOOKS_ALLOW_PRIVATE).
  const webhookPolicy = options.webhookPolicy ?? { allowPrivate: false };
  const webhooks = await createWebhookDispatcher({
    db: options.database.db,
    jobs: options.jobs,
    policy: webhookPolicy,
    log: app.log,
  });
  registerSiteRoutes(app, {
    db: options.database.db,
    baseDomain: options.baseDomain,
    resolver: siteResolver,
    resolveTxt: options.resolveTxt,
    loginGuard: options.loginGuard,
  });
  registerSiteProfileRoutes(app, { db: options.database.db });
  registerTeamRoutes(app, { db: options.database.db });
  registerActivityRoutes(app, { db: options.database.db });
  registerCartRoutes(app, { db: options.database.db, relaxedDb: options.database.relaxedDb });
  const payments: PaymentsContext = {
    db: options.database.db,
    box: options.payments?.box ?? createSecretBox(randomBytes(32)),
    environment: options.payments?.environment,
  };
  const stripe = createStripePaymentProvider({
    keysFor: (websiteId) => stripeKeysFor(payments, websiteId),
    connection: options.payments?.connection,
  });
  const paymentProviders = new Map(
    [stripe, ...(options.paymentProviders ?? [createTestPaymentProvider()])].map((p) => [p.id, p]),
  );
  // Ten wrong gift-card codes in 15 minutes lock that client out of codes for 15 minutes.
  const giftCardLimits = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
  const giftCardGuard =
    options.giftCardGuard ??
    (options.redis
      ? createRedisLoginGuard(options.redis, { ...giftCardLimits, prefix: 'gift-card-guard' })
      : createMemoryLoginGuard(giftCardLimits));
  const captchaVerifier = options.captchaVerifier ?? captchaVerifierFromEnv();
  // The browser came back from paying an order or a donation: Stripe's word settles it.
  const settlePayment = async (
    websiteId: string,
    payment: { id: string; paymentProvider: string; paymentReference: string },
    origin: string,
  ) => {
    if (payment.paymentProvider !== stripe.id) return;
    // Stripe unreachable: the payment shows as pending and the webhook settles it later.
    const state = await stripe.retrieve(websiteId, payment.paymentReference).catch((err: unknown) => {
      app.log.warn({ err, paymentFor: payment.id }, 'Stripe did not answer about a pending payment');
      return undefined;
    });
    if (state)
      await settleFromProcessor(
        { db: options.database.db, origin, webhooks, jobs: options.jobs },
        websiteId,
        state,
      );
  };
  registerDonationRoutes(app, {
    db: options.database.db,
    paymentProviders,
    paymentProviderOf: async (websiteId) => (await checkoutPayment(payments, websiteId)).provider,
    settleDonation: settlePayment,
  });
  registerCheckoutRoutes(app, {
    db: options.database.db,
    paymentProviders,
    paymentProviderOf: async (websiteId) => (await checkoutPayment(payments, websiteId)).provider,
    settleOrder: settlePayment,
    webhooks,
    giftCardGuard,
    jobs: options.jobs,
    captchaVerifier,
    mailingLists: mailingListHooks,
  });
  registerPaymentRoutes(app, { payments, stripe, webhooks, jobs: options.jobs });
  registerAddressRoutes(app, options.addressProvider);
  if (options.jobs)
    await startPendingExpiry({
      db: options.database.db,
      jobs: options.jobs,
      expireAfterMs: (options.payments?.pendingOrderExpiryMinutes ?? DEFAULT_PENDING_EXPIRY_MINUTES) * 60_000,
      checkPayment: pendingPaymentCheck({ stripe, log: app.log }),
      log: app.log,
    });
  if (options.jobs)
    await startRenewals({ db: options.database.db, jobs: options.jobs, providers: paymentProviders });
  registerFormRoutes(app, {
    db: options.database.db,
    webhooks,
    captchaVerifier,
    mailingLists: mailingListHooks,
  });
  registerFormEditorRoutes(app, { db: options.database.db });
  const fileStorage = options.files?.storage ?? defaultFileStorage();
  await registerFileRoutes(app, {
    db: options.database.db,
    ...options.files,
    storage: fileStorage,
    delivered: deliveredFiles,
  });
  registerDownloadRoutes(app, { db: options.database.db, storage: fileStorage });
  registerSiteLogoRoutes(app, { db: options.database.db, storage: fileStorage });
  await registerSiteExport(app, {
    db: options.database.db,
    storage: fileStorage,
    jobs: options.jobs,
    baseDomain: options.baseDomain,
  });
  await registerOrderExportRoutes(app, { db: options.database.db, storage: fileStorage, jobs: options.jobs });
  if (options.jobs) {
    await startSitePurge({ db: options.database.db, jobs: options.jobs, storage: fileStorage, log: app.log });
    await startFormKeyPurge({ db: options.database.db, jobs: options.jobs });
    await startCartRecovery({ db: options.database.db, jobs: options.jobs });
    await startPhotoFeedRefresh({
      db: options.database.db,
      jobs: options.jobs,
      policy: webhookPolicy,
      limits: options.photoFeedLimits,
    });
    await startAnalyticsWarm({ db: options.database.db, jobs: options.jobs, log: app.log });
  }
  registerTrackingRoutes(app, { db: options.database.db });
  registerSiteUserRoutes(app, {
    db: options.database.db,
    loginGuard: options.loginGuard,
    paymentProviders,
    jobs: options.jobs,
  });
  registerSsoRoutes(app, {
    db: options.database.db,
    box: payments.box,
    policy: webhookPolicy,
    startLimits: options.ssoStartLimits,
  });
  // Read once: the storefront build does not change under a running server.
  let siteAssets: ReturnType<typeof readSiteAssets> | undefined;
  const assets = () => (siteAssets ??= readSiteAssets(storefrontDist, publicDir));
  registerSiteStylesheets(app, () => assets().stylesheets);
  registerEditorRoutes(app, {
    db: options.database.db,
    stylesheets: () => assets().stylesheets,
    billing: options.billing,
    videoMetadata: options.videoMetadata,
    photoFeeds: { policy: webhookPolicy, limits: options.photoFeedLimits },
  });
  registerFontFiles(app);
  registerReviewRoutes(app, { db: options.database.db });
  registerStoreAdminRoutes(app, {
    db: options.database.db,
    paymentProviders,
    jobs: options.jobs,
    stylesheets: () => assets().stylesheets,
  });
  registerMultilingualRoutes(app, { db: options.database.db });
  registerMailingListRoutes(app, {
    db: options.database.db,
    webhooks,
    policy: webhookPolicy,
    captchaVerifier,
  });
  registerAnalyticsRoutes(app, { db: options.database.db, options: options.analytics });
  registerVisitorRecordingRoutes(app, { db: options.database.db });
  registerBlogRoutes(app, { db: options.database.db });
  registerTagRoutes(app, { db: options.database.db });
  registerRedirectRoutes(app, { db: options.database.db });
  registerUnlockRoute(app, { db: options.database.db, guard: options.loginGuard });
  registerMemberAreaRoutes(app, { db: options.database.db });
  registerCollectionRoutes(app, { db: options.database.db });
  registerFeedRoutes(app, { db: options.database.db, sitemapUrlLimit: options.sitemapUrlLimit });
  registerPageRoutes(app, {
    db: options.database.db,
    assets,
    versions,
    addressAutocomplete: options.addressProvider !== undefined,
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` } });
  });
  return app;
}

/** The one answer to an error no route handled: 400 for bad input, 503 while the database is away, else 500. */
function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(
    (thrown: FastifyError | { statusCode: number; error: { code: string } }, request, reply) => {
      // Plugins such as the rate limiter throw a ready-made answer body.
      if (!(thrown instanceof Error)) return reply.status(thrown.statusCode).send({ error: thrown.error });
      // A schema's parse that a route left uncaught is still the client's bad input, never a 500.
      // Matched by shape: schemas from the packages may come from another copy of zod.
      if (thrown.name === 'ZodError' && Array.isArray((thrown as { issues?: unknown }).issues)) {
        const issues = (thrown as unknown as { issues: { path: PropertyKey[]; message: string }[] }).issues;
        const [first] = issues;
        return reply.status(400).send({
          error: {
            code: 'INVALID',
            message: first
              ? `${first.path.join('.') || 'request'}: ${first.message}`
              : 'The request is not valid.',
            issues: issues.map((i) => ({ path: i.path.map(String), message: i.message })),
          },
        });
      }
      if (isDatabaseUnavailable(thrown)) {
        request.log.warn({ err: thrown }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ error: { code: 'UNAVAILABLE', message: messages.unableToConnect } });
      }
      const error = thrown;
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      reply.status(status).send({
        error: {
          code: status >= 500 ? 'INTERNAL' : (error.code ?? 'BAD_REQUEST'),
          message: status >= 500 ? 'Something went wrong' : error.message,
        },
      });
    },
  );
}
