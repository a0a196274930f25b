import {
  DEFAULT_NOT_FOUND_DOCUMENT,
  DEFAULT_THEME,
  type SiteSignUp,
  NOT_FOUND_PAGE_PATH,
  NOT_FOUND_PAGE_TITLE,
  NOT_FOUND_PAGE_TYPE,
} from '@site/page-content';
import { COMMERCE_VISITOR_METRICS_FLAG } from '@site/tracking';
import { DEFAULT_CURRENCY } from '@site/commerce-core';
import { StoreCurrencyCodeSchema } from '@site/commerce-core/admin';
import { randomBytes } from 'node:crypto';
import { isValidEmail } from '@site/forms';
import { eq } from 'drizzle-orm';
import { ApiError } from '../http';
import type { Database } from '../db/client';
import { pages, siteDomains, siteHeaderFooter, siteNavigation, websites } from '../db/schema';
import { installTheme, themeById } from '../site/theme';
import { seedThemeStarter, starterSettings } from './theme-starter';
import { createMember, normalizeEmail } from '../security/members';
import { passwordProblem } from '../security/password-rule';
import { siteMessages } from './messages';
import { isUniqueViolation } from '../db/unique-violation';

export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 40;
export const SITE_TITLE_MAX_LENGTH = 100;

/** Names the platform keeps for itself (its own hosts and likely future ones). */
const RESERVED_SLUGS = new Set([
  'www',
  'api',
  'app',
  'admin',
  'config',
  'editor',
  'assets',
  'static',
  'cdn',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'help',
  'support',
  'status',
  'docs',
  'blog',
  'login',
  'signup',
  'account',
  'billing',
  'demo',
  'test',
  'localhost',
  'dashboard',
  'secure',
  'internal',
  'root',
  'system',
]);

export interface NewSite {
  websiteId: string;
  slug: string;
  host: string;
  url: string;
  editorUrl: string;
  ownerId: string;
}

const fieldError = (field: keyof SiteSignUp, message: string) =>
  new ApiError(400, 'INVALID_FIELDS', message, { fieldErrors: { [field]: message } });

/** The reason a slug cannot name a site, or undefined. Slugs are one DNS label: a-z, 0-9 and inner hyphens. */
export function slugProblem(slug: string): string | undefined {
  if (slug.length < SLUG_MIN_LENGTH || slug.length > SLUG_MAX_LENGTH) return siteMessages.slugLength;
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(slug) || slug.includes('--'))
    return siteMessages.slugCharacters;
  if (RESERVED_SLUGS.has(slug)) return siteMessages.slugTaken;
  return undefined;
}

/**
 * Creates a site from the theme in one transaction: the website, its owner, its default domain
 * `<slug>.<baseDomain>`, the theme's templates, a home page, an empty shop, cart and checkout,
 * the menu and the header and footer, and the theme's starter content (theme-starter.ts). Either all of it exists afterwards or none of it.
 */
export async function createSite(
  db: Database,
  input: SiteSignUp,
  baseDomain: string,
  protocol: string,
): Promise<NewSite> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw fieldError('email', siteMessages.emailInvalid);
  const passwordIssue = passwordProblem(input.password, email);
  if (passwordIssue) throw fieldError('password', passwordIssue);
  const title = input.title.trim().replace(/\s+/g, ' ');
  if (!title) throw fieldError('title', siteMessages.titleMissing);
  if ([...title].length > SITE_TITLE_MAX_LENGTH) throw fieldError('title', siteMessages.titleTooLong);
  const slug = input.slug.trim().toLowerCase();
  const slugIssue = slugProblem(slug);
  if (slugIssue) throw fieldError('slug', slugIssue);
  const host = `${slug}.${baseDomain}`;
  const currency = StoreCurrencyCodeSchema.safeParse(input.currency ?? DEFAULT_CURRENCY);
  if (!currency.success) throw fieldError('currency', currency.error.issues[0]!.message);

  const websiteId = `site-${randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')}`;
  const pageId = (name: string) => `${websiteId}-${name}`;
  let ownerId = '';
  try {
    await db.transaction(async (tx) => {
      // Checked first for a clear answer; the unique indexes still decide a race between two sign-ups.
      const [taken] = await tx.select({ id: websites.id }).from(websites).where(eq(websites.slug, slug));
      if (taken) throw fieldError('slug', siteMessages.slugTaken);
      await tx.insert(websites).values({
        id: websiteId,
        title,
        slug,
        theme: input.theme ?? DEFAULT_THEME,
        currency: currency.data,
        settings: {
          memberAccounts: { enabled: true },
          betaFeatureFlags: [COMMERCE_VISITOR_METRICS_FLAG],
          ...starterSettings(input.theme ?? DEFAULT_THEME),
        },
      });
      await tx.insert(siteDomains).values({ host, websiteId, kind: 'default' });
      await installTheme(tx, websiteId, themeById(input.theme ?? DEFAULT_THEME));
      await tx.insert(pages).values([
        {
          id: pageId('home'),
          websiteId,
          path: '/',
          title: 'Home',
          pageType: 2,
          templateName: 'home',
          navigationIndex: 0,
        },
        {
          id: pageId('shop'),
          websiteId,
          path: '/shop',
          title: 'Shop',
          pageType: 1,
          collectionType: 'products',
          kind: 'collection',
          templateName: 'products-list',
          itemTemplateName: 'product-item',
          navigationIndex: 1,
        },
        {
          id: pageId('cart'),
          websiteId,
          path: '/cart',
          title: 'Cart',
          pageType: 200,
          kind: 'system',
          templateName: 'cart',
        },
        {
          id: pageId('checkout'),
          websiteId,
          path: '/checkout',
          title: 'Checkout',
          pageType: 201,
          kind: 'system',
          templateName: 'checkout',
        },
        {
          id: pageId('not-found'),
          websiteId,
          path: NOT_FOUND_PAGE_PATH,
          title: NOT_FOUND_PAGE_TITLE,
          pageType: NOT_FOUND_PAGE_TYPE,
          kind: 'system',
          templateName: 'not-found',
          draftDocument: DEFAULT_NOT_FOUND_DOCUMENT,
        },
      ]);
      const starterMenu = await seedThemeStarter(tx, websiteId, input.theme ?? DEFAULT_THEME, pageId);
      await tx.insert(siteNavigation).values([
        {
          websiteId,
          fieldName: 'mainNav',
          items: [
            { collectionId: pageId('home') },
            { collectionId: pageId('shop') },
            ...starterMenu.map((collectionId) => ({ collectionId })),
          ],
        },
        { websiteId, fieldName: 'secondaryNav', items: [] },
      ]);
      await tx.insert(siteHeaderFooter).values({
        websiteId,
        header: {
          siteTitle: title,
          logoUrl: '',
          logoAlt: '',
          navigationPlacement: 'right',
          showCartLink: true,
          announcement: '',
        },
        footer: { content: { sections: [] }, showNavigation: true, copyright: `© ${title}` },
      });
      ({ id: ownerId } = await createMember(tx, {
        websiteId,
        email,
        password: input.password,
        roles: ['owner'],
      }));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('slug', siteMessages.slugTaken);
    throw err;
  }
  const url = `${protocol}://${host}/`;
  return { websiteId, slug, host, url, editorUrl: `${url}config`, ownerId };
}
