import { SSO_API, SSO_ERRORS, ssoMessages, type SlideName, type SsoError } from '@site/page-content';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { siteMembers, ssoProviders } from '../db/schema';
import { safeReturnTo } from '../security/return-to';
import { fill } from './sso';

const MESSAGE: Record<SsoError, string> = {
  denied: ssoMessages.signInDenied,
  expired: ssoMessages.signInExpired,
  failed: ssoMessages.signInFailed,
  'provider-down': ssoMessages.providerDown,
  'email-unverified': ssoMessages.emailUnverified,
  'no-email': ssoMessages.noEmail,
  'accounts-closed': ssoMessages.accountsClosed,
  'team-member': ssoMessages.teamMember,
  'unknown-provider': ssoMessages.unknownProvider,
  'too-many': ssoMessages.tooManySignIns,
};

export const SSO_PAGE_TYPE = 400;

/**
 * The single sign-on screen (page type 400, slide `sso-screen`, special page kind 4): the site's
 * providers as "Sign in with …" buttons, why the last attempt failed, or who is signed in.
 * Personal (who is signed in, the error of this visitor's attempt), so never cached.
 */
export async function ssoScreen(
  db: Database,
  websiteId: string,
  query: Readonly<Record<string, string>>,
  account: { id: string } | undefined,
) {
  const providers = await db
    .select({ id: ssoProviders.id, name: ssoProviders.name })
    .from(ssoProviders)
    .where(and(eq(ssoProviders.websiteId, websiteId), eq(ssoProviders.enabled, true)))
    .orderBy(ssoProviders.createdAt, ssoProviders.id);
  const returnTo = safeReturnTo(query.returnTo);
  const [member] = account
    ? await db
        .select({ email: siteMembers.email })
        .from(siteMembers)
        .where(and(eq(siteMembers.id, account.id), eq(siteMembers.websiteId, websiteId)))
    : [];
  const error = (SSO_ERRORS as readonly string[]).includes(query.error ?? '')
    ? (query.error as SsoError)
    : undefined;
  const providerName = providers.find((p) => p.id === query.provider)?.name ?? 'The provider';
  return {
    status: 200,
    pageType: SSO_PAGE_TYPE,
    templateName: 'sso-screen' satisfies SlideName,
    personal: true as const,
    extra: {
      sso: {
        signedInAs: member?.email,
        error: error ? fill(MESSAGE[error], { provider: providerName }) : undefined,
        providers: providers.map((p) => ({
          name: p.name,
          href: `${SSO_API.start}?${new URLSearchParams({ provider: p.id, returnTo })}`,
        })),
      },
    },
  };
}

/** Whether the sign-in page offers "Other ways to sign in": only while a provider is turned on. */
export async function hasSsoProviders(db: Database, websiteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ssoProviders.id })
    .from(ssoProviders)
    .where(and(eq(ssoProviders.websiteId, websiteId), eq(ssoProviders.enabled, true)))
    .limit(1);
  return row !== undefined;
}
