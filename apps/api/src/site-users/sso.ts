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
import { webhookUrlProblem, type UrlPolicy } from '../webhooks/url-policy';

/** How long a visitor has at the provider before the sign-in must start again. */
export const SIGN_IN_LIFETIME_MS = 10 * 60_000;
export const MAX_PROVIDERS = 10;
const DISCOVERY_TIMEOUT_SECONDS = 8;

export interface SsoContext {
  db: Database;
  box: SecretBox;
  /** Which issuer addresses the server may fetch: private ones only in development. */
  policy: UrlPolicy;
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
    response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      redirect: 'error',
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_SECONDS * 1000),
      headers: { accept: 'application/json' },
    });
  } catch {
    return { ok: false, message: fill(ssoMessages.discoveryUnreachable, values) };
  }
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
}

export async function removeProvider(db: Database, websiteId: string, id: string) {
  const removed = await db
    .delete(ssoProviders)
    .where(and(eq(ssoProviders.id, id), eq(ssoProviders.websiteId, websiteId)))
    .returning({ id: ssoProviders.id });
  if (removed.length === 0) throw new ApiError(404, 'NOT_FOUND', ssoMessages.providerNotFound);
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
  };
}

/** Why a sign-in through a provider ended without a session; the screen shows the matching text. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoError,
    readonly providerId?: string,
  ) {
    super(code);
  }
}

async function discover(ctx: SsoContext, provider: typeof ssoProviders.$inferSelect) {
  const issuer = await checkIssuer(provider.issuer, ctx.policy).catch(() => {
    throw new SsoRefusal('provider-down', provider.id);
  });
  try {
    return await oidc.discovery(
      new URL(issuer),
      provider.clientId,
      ctx.box.open(provider.clientSecret),
      undefined,
      {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        execute: issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
      },
    );
  } catch {
    throw new SsoRefusal('provider-down', provider.id);
  }
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
  if (!provider) throw new SsoRefusal('unknown-provider');
  const config = await discover(ctx, provider);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await ctx.db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, new Date()));
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
  if (!provider) throw new SsoRefusal('unknown-provider');
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
    const unreachable = err instanceof TypeError || (err as Error).name === 'TimeoutError';
    throw new SsoRefusal(unreachable ? 'provider-down' : 'failed', providerId);
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
