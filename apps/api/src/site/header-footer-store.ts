import {
  headerFooterSchema,
  siteFooterSchema,
  siteHeaderSchema,
  type HeaderFooter,
  type updateHeaderFooterSchema,
} from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { siteHeaderFooter } from '../db/schema';
import { siteLogoUrl, storedSiteLogo } from '../sites/site-logo';
import type { WebsiteRow } from './site-data';
import { stale } from '../http';

export type VersionedHeaderFooter = HeaderFooter & { version: number };

function defaults(website: WebsiteRow): HeaderFooter {
  return {
    header: siteHeaderSchema.parse({ siteTitle: website.title }),
    footer: siteFooterSchema.parse({ copyright: `© ${website.title}` }),
  };
}

/**
 * The header's title is the site's title, kept in Settings › Site alone: a title stored here by
 * an older editor (or sent by a client) gives way to it, so the header, the tab and emails agree.
 * Likewise a logo uploaded there takes the header's logo place, its alt text the site's title.
 */
const withSiteTitle = (headerFooter: HeaderFooter, website: WebsiteRow): HeaderFooter => {
  const logo = storedSiteLogo(website.settings);
  return {
    ...headerFooter,
    header: {
      ...headerFooter.header,
      siteTitle: website.title,
      ...(logo && { logoUrl: siteLogoUrl(logo), logoAlt: '' }),
    },
  };
};

export async function loadHeaderFooter(db: Database, website: WebsiteRow): Promise<VersionedHeaderFooter> {
  const [row] = await db.select().from(siteHeaderFooter).where(eq(siteHeaderFooter.websiteId, website.id));
  if (!row) return { ...defaults(website), version: 0 };
  // Stored under an older schema, a row is read with today's defaults filled in.
  const parsed = headerFooterSchema.safeParse({ header: row.header, footer: row.footer });
  return {
    ...withSiteTitle(parsed.success ? parsed.data : defaults(website), website),
    version: row.version,
  };
}

/** `PUT /api/site-header-footer`; with a version, a save over someone else's newer one is refused. */
export async function saveHeaderFooter(
  db: Database,
  website: WebsiteRow,
  input: z.output<typeof updateHeaderFooterSchema>,
): Promise<VersionedHeaderFooter> {
  return db.transaction(async (tx) => {
    await tx
      .insert(siteHeaderFooter)
      .values({ websiteId: website.id, ...defaults(website), version: 0 })
      .onConflictDoNothing();
    const [row] = await tx
      .update(siteHeaderFooter)
      .set({
        // An uploaded logo's address is the site's to give (withSiteTitle), not the row's to keep:
        // stored here it would outlive the logo's removal as a broken picture.
        header: {
          ...input.header,
          siteTitle: website.title,
          logoUrl: input.header.logoUrl.startsWith('/site-logo/') ? '' : input.header.logoUrl,
        },
        footer: input.footer,
        version: sql`${siteHeaderFooter.version} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(siteHeaderFooter.websiteId, website.id),
          input.version === undefined ? undefined : eq(siteHeaderFooter.version, input.version),
        ),
      )
      .returning();
    if (!row) throw stale();
    return { ...withSiteTitle({ header: row.header, footer: row.footer }, website), version: row.version };
  });
}
