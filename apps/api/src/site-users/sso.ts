import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  canView,
  mailingMessages,
  ssoMessages,
  type SsoConnectionResult,
  type SsoError,
  type SsoProviderInput,
} from '@site/page-content';
import { and, count, eq, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Database } from '../db/client';
import { siteMembers, ssoProviders, ssoSignIns, websites } from '../db/schema';
import { ApiError } from '../http';
import { memberAccountsEnabled, normalizeEmail } from '../security/members';
import { hashPassword } from '../security/passwords';
import type { SecretBox } from '../security/secret-box';
import { pinnedFetch } from '../webhooks/pinned-fetch';
import { RefusedAddressError, webhookUrlProblem, type UrlPolicy } from '../webhooks/url-policy';

/** How long a visitor has at the provider before the sign-in must start again. */
export const SIGN_IN_LIFETIME_MS = 10 * 60_000;
export const MAX_PROVIDERS = 10;
const DISCOVERY_TIMEOUT_SECONDS = 8;
/** How long a provider's discovery document is reused before it is fetched again. */
export const DISCOVERY_TTL_MS = 10 * 60_000;
/** How often, at most, a sign-in start also deletes the abandoned (expired) sign-ins. */
export const SWEEP_INTERVAL_MS = 60_000;

export interface SsoContext {
  db: Database;
  box: SecretBox;
  /** Which issuer addresses the server may fetch: private ones only in development. */
  policy: UrlPolicy;
  /** Providers' discovery documents, reused for DISCOVERY_TTL_MS (one per context when absent). */
  discovery?: DiscoveryCache;
}

type ProviderRow = typeof ssoProviders.$inferSelect;

/**
 * Each provider's discovered configuration, so a sign-in does not fetch the discovery document
 * twice (start and callback) nor on every visitor. An entry is kept for its provider's issuer,
 * client ID and sealed secret: a change made through another process misses it too. Failures are
 * never kept, so a provider that comes back up is used at once. In memory: bounded by `maxEntries`.
 */
export class DiscoveryCache {
  private readonly entries = new Map<string, { key: string; at: number; config: oidc.Configuration }>();
  /** Discovery documents fetched (not served from here): what the tests count. */
  fetched = 0;
  constructor(
    private readonly ttlMs = DISCOVERY_TTL_MS,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(provider: ProviderRow, load: () => Promise<oidc.Configuration>): Promise<oidc.Configuration> {
    const key = `${provider.issuer}\n${provider.clientId}\n${provider.clientSecret}`;
    const hit = this.entries.get(provider.id);
    if (hit && hit.key === key && this.now() - hit.at < this.ttlMs) return hit.config;
    this.fetched += 1;
    const config = await load();
    this.entries.delete(provider.id);
    this.entries.set(provider.id, { key, at: this.now(), config });
    // Insertion order is age order: the oldest go first.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return config;
  }

  /** The provider was changed or removed: its next sign-in discovers again. */
  drop(providerId: string): void {
    this.entries.delete(providerId);
  }
}

const caches = new WeakMap<SsoContext, DiscoveryCache>();
const cacheOf = (ctx: SsoContext) => {
  if (ctx.discovery) return ctx.discovery;
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new DiscoveryCache()));
  return cache;
};

/** True when a request was refused because the issuer's name resolved to a private address. */
export function privateAddress(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++)
    if (e instanceof RefusedAddressError) return e.message === mailingMessages.webhookUrlPrivate;
  return false;
}

export const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

export const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** The issuer as typed, without the trailing slash providers differ on, or why it cannot be used. */
export async function checkIssuer(issuer: string, policy: UrlPolicy): Promise<string> {
  let url: URL;
  try {
    url = new URL(issuer.trim());
  } catch {
    throw fieldError('issuer', ssoMessages.issuerInvalid);
  }
  const httpAllowed = policy.allowPrivate && url.protocol === 'http:';
  if ((url.protocol !== 'https:' && !httpAllowed) || url.username || url.password || url.search || url.hash)
    throw fieldError('issuer', ssoMessages.issuerInvalid);
  // The server fetches this address: a private one would let an owner probe the host's network.
  const problem = await webhookUrlProblem(url.href, policy);
  if (problem === mailingMessages.webhookUrlPrivate) throw fieldError('issuer', ssoMessages.issuerPrivate);
  if (problem) throw fieldError('issuer', ssoMessages.issuerInvalid);
  return url.href.replace(/\/+$/, '');
}

function fieldError(field: string, message: string) {
  return new ApiError(400, 'INVALID_FIELDS', message, { fieldErrors: { [field]: message } });
}

/**
 * The owner's "Test connection": fetches the discovery document and names the first thing wrong,
 * in words an owner can act on. Never throws for the provider's faults.
 */
export async function testConnection(issuerInput: string, policy: UrlPolicy): Promise<SsoConnectionResult> {
  const issuer = await checkIssuer(issuerInput, policy);
  const values = { issuer };
  let response: Response;
  try {
    // Through the same policy as sign-ins: the name is checked again on the address connected to.
    response = await pinnedFetch(policy)(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_SECONDS * 1000),
      headers: { accept: 'application/json' },
    });
  } catch (err) {
    if (privateAddress(err)) return { ok: false, message: ssoMessages.issuerPrivate };
    return { ok: false, message: fill(ssoMessages.discoveryUnreachable, values) };
  }
  if (response.status >= 300 && response.status < 400)
    return {
      ok: false,
      message: fill(ssoMessages.discoveryInvalid, { ...values, detail: 'it sent us to another address' }),
    };
  if (response.status === 404 || response.status === 410)
    return { ok: false, message: fill(ssoMessages.discoveryNotFound, values) };
  if (!response.ok)
    return {
      ok: false,
      message: fill(ssoMessages.discoveryInvalid, { ...values, detail: `it answered ${response.status}` }),
    };
  let doc: Record<string, unknown>;
  try {
    const body = await response.text();
    if (body.length > 512 * 1024) throw new Error('too large');
    doc = JSON.parse(body);
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new Error('not an object');
  } catch {
    return {
      ok: false,
      message: fill(ssoMessages.discoveryInvalid, { ...values, detail: 'the answer is not JSON' }),
    };
  }
  const actual = typeof doc.issuer === 'string' ? doc.issuer.replace(/\/+$/, '') : '';
  if (actual !== issuer)
    return actual
      ? { ok: false, message: fill(ssoMessages.discoveryIssuerMismatch, { ...values, actual }) }
      : { ok: false, message: fill(ssoMessages.discoveryInvalid, { ...values, detail: 'no issuer' }) };
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'])
    if (typeof doc[field] !== 'string')
      return { ok: false, message: fill(ssoMessages.discoveryInvalid, { ...values, detail: `no ${field}` }) };
  return { ok: true, message: fill(ssoMessages.connectionOk, values) };
}

export async function listProviders(db: Database, websiteId: string) {
  return db
    .select()
    .from(ssoProviders)
    .where(eq(ssoProviders.websiteId, websiteId))
    .orderBy(ssoProviders.createdAt, ssoProviders.id);
}

export async function addProvider(ctx: SsoContext, websiteId: string, input: SsoProviderInput) {
  const issuer = await checkIssuer(input.issuer, ctx.policy);
  await ctx.db.transaction(async (tx) => {
    // Counted under the site's row lock so two owners' tabs cannot both add the eleventh.
    await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, websiteId)).for('update');
    const [existing] = await tx
      .select({ n: count() })
      .from(ssoProviders)
      .where(eq(ssoProviders.websiteId, websiteId));
    if ((existing?.n ?? 0) >= MAX_PROVIDERS)
      throw new ApiError(409, 'TOO_MANY_PROVIDERS', ssoMessages.tooManyProviders);
    await tx.insert(ssoProviders).values({
      id: randomUUID(),
      websiteId,
      name: input.name.trim(),
      issuer,
      clientId: input.clientId.trim(),
      clientSecret: ctx.box.seal(input.clientSecret.trim()),
    });
  });
}

export async function updateProvider(
  ctx: SsoContext,
  websiteId: string,
  id: string,
  input: Omit<SsoProviderInput, 'clientSecret'> & { clientSecret?: string },
) {
  const issuer = await checkIssuer(input.issuer, ctx.policy);
  const secret = input.clientSecret?.trim();
  const updated = await ctx.db
    .update(ssoProviders)
    .set({
      name: input.name.trim(),
      issuer,
      clientId: input.clientId.trim(),
      ...(secret ? { clientSecret: ctx.box.seal(secret) } : {}),
    })
    .where(and(eq(ssoProviders.id, id), eq(ssoProviders.websiteId, websiteId)))
    .returning({ id: ssoProviders.id });
  if (updated.length === 0) throw new ApiError(404, 'NOT_FOUND', ssoMessages.providerNotFound);
  cacheOf(ctx).drop(id);
}

/** Turns a provider's button on or off without losing its settings. */
export async function setProviderEnabled(ctx: SsoContext, websiteId: string, id: string, enabled: boolean) {
  const updated = await ctx.db
    .update(ssoProviders)
    .set({ enabled })
    .where(and(eq(ssoProviders.id, id), eq(ssoProviders.websiteId, websiteId)))
    .returning({ id: ssoProviders.id });
  if (updated.length === 0) throw new ApiError(404, 'NOT_FOUND', ssoMessages.providerNotFound);
}

export async function removeProvider(ctx: SsoContext, websiteId: string, id: string) {
  const removed = await ctx.db
    .delete(ssoProviders)
    .where(and(eq(ssoProviders.id, id), eq(ssoProviders.websiteId, websiteId)))
    .returning({ id: ssoProviders.id });
  if (removed.length === 0) throw new ApiError(404, 'NOT_FOUND', ssoMessages.providerNotFound);
  cacheOf(ctx).drop(id);
}

/** What the editor may see of a provider: the secret only by its last four characters. */
export function providerView(box: SecretBox, row: typeof ssoProviders.$inferSelect) {
  let ending = '';
  try {
    ending = box.open(row.clientSecret).slice(-4);
  } catch {
    // Sealed under another server key (a restored database): the owner enters it again.
  }
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretEnding: ending,
    enabled: row.enabled,
  };
}

/** Why a sign-in through a provider ended without a session; the screen shows the matching text. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoError,
    readonly providerId?: string,
    /** What the provider call failed with, for the server's log (a refused address, a timeout). */
    cause?: unknown,
  ) {
    super(code, { cause });
  }
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE']);

/** Whether a provider call failed for want of an answer (down, refused address, timeout). */
function unreachable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e instanceof RefusedAddressError || e instanceof TypeError) return true;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
    if (NETWORK_CODES.has(String((e as NodeJS.ErrnoException).code))) return true;
  }
  return false;
}

/**
 * The provider's configuration, from the cache while it is fresh. Every request openid-client
 * makes for it (discovery, keys, token, user info) goes through `pinnedFetch`: public addresses
 * only, resolved once inside the connection, unless the policy allows private ones (development).
 */
async function discover(ctx: SsoContext, provider: ProviderRow) {
  const issuer = await checkIssuer(provider.issuer, ctx.policy).catch(() => {
    throw new SsoRefusal('provider-down', provider.id);
  });
  try {
    return await cacheOf(ctx).get(provider, () =>
      oidc.discovery(new URL(issuer), provider.clientId, ctx.box.open(provider.clientSecret), undefined, {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        [oidc.customFetch]: pinnedFetch(ctx.policy),
        execute: issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
      }),
    );
  } catch (err) {
    throw new SsoRefusal('provider-down', provider.id, err);
  }
}

let lastSweep = 0;

/** Deletes sign-ins abandoned at the provider (expired); answers how many went. */
export async function sweepSignIns(db: Database, now = new Date()): Promise<number> {
  const gone = await db
    .delete(ssoSignIns)
    .where(lt(ssoSignIns.expiresAt, now))
    .returning({ id: ssoSignIns.id });
  return gone.length;
}

/** Step one: remembers state, nonce and PKCE verifier, and answers the provider's sign-in URL. */
export async function startSignIn(
  ctx: SsoContext,
  websiteId: string,
  providerId: string,
  returnTo: string,
  redirectUrl: string,
): Promise<{ url: string; state: string }> {
  const [provider] = await ctx.db
    .select()
    .from(ssoProviders)
    .where(and(eq(ssoProviders.id, providerId), eq(ssoProviders.websiteId, websiteId)));
  if (!provider?.enabled) throw new SsoRefusal('unknown-provider');
  const config = await discover(ctx, provider);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  // Abandoned sign-ins (the visitor never came back) go once a minute, not on every start.
  if (Date.now() - lastSweep >= SWEEP_INTERVAL_MS) {
    lastSweep = Date.now();
    await sweepSignIns(ctx.db);
  }
  await ctx.db.insert(ssoSignIns).values({
    id: hashState(state),
    websiteId,
    providerId,
    nonce,
    codeVerifier,
    returnTo,
    expiresAt: new Date(Date.now() + SIGN_IN_LIFETIME_MS),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUrl,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state };
}

export interface CallbackInput {
  state?: string;
  /** The state the browser was given at the start (its cookie): binds the sign-in to that browser. */
  browserState?: string;
  error?: string;
  /** The full URL the provider sent the visitor back to, query included. */
  currentUrl: URL;
}

/**
 * Step two: the state must be this browser's and unused (the row goes as it is read, so a state,
 * and the nonce with it, works once); the code is exchanged with the PKCE verifier and the ID token
 * checked for issuer, audience, expiry and nonce by openid-client. Answers the member to sign in.
 */
export async function finishSignIn(
  ctx: SsoContext,
  websiteId: string,
  input: CallbackInput,
): Promise<{ memberId: string; returnTo: string }> {
  if (!input.state || !input.browserState || input.state !== input.browserState)
    throw new SsoRefusal('expired');
  const [pending] = await ctx.db
    .delete(ssoSignIns)
    .where(and(eq(ssoSignIns.id, hashState(input.state)), eq(ssoSignIns.websiteId, websiteId)))
    .returning();
  if (!pending || pending.expiresAt.getTime() < Date.now()) throw new SsoRefusal('expired');
  const providerId = pending.providerId;
  if (input.error) throw new SsoRefusal(input.error === 'access_denied' ? 'denied' : 'failed', providerId);
  const [provider] = await ctx.db.select().from(ssoProviders).where(eq(ssoProviders.id, providerId));
  if (!provider?.enabled) throw new SsoRefusal('unknown-provider');
  const config = await discover(ctx, provider);
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, input.currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: input.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // Some providers (Microsoft, Keycloak by default in places) put the email only in UserInfo.
    if (claims && typeof claims.email !== 'string' && tokens.access_token)
      claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
  } catch (err) {
    throw new SsoRefusal(unreachable(err) ? 'provider-down' : 'failed', providerId, err);
  }
  const email = typeof claims?.email === 'string' ? normalizeEmail(claims.email) : '';
  if (!email) throw new SsoRefusal('no-email', providerId);
  if (claims?.email_verified !== true) throw new SsoRefusal('email-unverified', providerId);
  const memberId = await memberFor(ctx.db, websiteId, email, providerId);
  return { memberId, returnTo: pending.returnTo };
}

/** An unusable password: the account signs in through the provider or resets its password by email. */
const unusablePassword = () => hashPassword(randomBytes(32).toString('base64url'));

async function memberFor(db: Database, websiteId: string, email: string, providerId: string) {
  const [member] = await db
    .select()
    .from(siteMembers)
    .where(and(eq(siteMembers.websiteId, websiteId), eq(siteMembers.email, email)));
  if (member) {
    // Team accounts reach the editor: a provider an admin added must not be a way into the owner's.
    if (canView(member.roles)) throw new SsoRefusal('team-member', providerId);
    if (!member.emailVerifiedAt) {
      // Someone could have signed this address up, unverified, with a password they know, waiting
      // for its real owner: the provider proves the address, and that password stops working.
      await db
        .update(siteMembers)
        .set({ emailVerifiedAt: new Date(), passwordHash: await unusablePassword() })
        .where(eq(siteMembers.id, member.id));
    }
    return member.id;
  }
  const [site] = await db
    .select({ settings: websites.settings })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!memberAccountsEnabled(site?.settings)) throw new SsoRefusal('accounts-closed', providerId);
  const id = randomUUID();
  const inserted = await db
    .insert(siteMembers)
    .values({
      id,
      websiteId,
      email,
      passwordHash: await unusablePassword(),
      roles: ['customer'],
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: siteMembers.id });
  if (inserted.length > 0) return id;
  // The same person finished two sign-ins at once: the other one made the account.
  return memberFor(db, websiteId, email, providerId);
}
