import { SITE_LOCALES, siteContact, type SiteProfile, type SiteProfileView } from '@site/page-content';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { siteHeaderFooter, websites } from '../db/schema';
import type { WebsiteRow } from '../site/site-data';
import { siteIconUrl, storedSiteIcon } from './site-icon';

export function siteProfileView(website: WebsiteRow): SiteProfileView {
  const icon = storedSiteIcon(website.settings);
  return {
    title: website.title,
    timeZone: website.timeZone,
    // A site made before the list existed keeps its locale until the owner picks one.
    locale: website.locale as (typeof SITE_LOCALES)[number],
    ...siteContact(website.settings),
    iconUrl: icon ? siteIconUrl(icon, 180) : null,
  };
}

/**
 * Saves the profile in one transaction. The header always shows this title (header-footer-store);
 * a footer copyright that still shows the old name was following it (it is what a new site starts
 * with), so it takes the new one; one the owner wrote differently is theirs and stays.
 */
export async function saveSiteProfile(db: Database, websiteId: string, profile: SiteProfile): Promise<void> {
  await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ title: websites.title })
      .from(websites)
      .where(eq(websites.id, websiteId))
      .for('update');
    if (!old) return;
    const stored = {
      contactEmail: profile.contactEmail,
      businessAddress: profile.businessAddress,
      socialProfiles: profile.socialProfiles,
    };
    await tx
      .update(websites)
      .set({
        title: profile.title,
        timeZone: profile.timeZone,
        locale: profile.locale,
        settings: sql`${websites.settings} || ${JSON.stringify({ siteProfile: stored })}::jsonb`,
      })
      .where(eq(websites.id, websiteId));
    if (old.title === profile.title) return;
    await tx
      .update(siteHeaderFooter)
      .set({
        header: sql`jsonb_set(${siteHeaderFooter.header}, '{siteTitle}', to_jsonb(${profile.title}::text))`,
        footer: sql`case when ${siteHeaderFooter.footer}->>'copyright' = ${`© ${old.title}`}
          then jsonb_set(${siteHeaderFooter.footer}, '{copyright}', to_jsonb(${`© ${profile.title}`}::text))
          else ${siteHeaderFooter.footer} end`,
        version: sql`${siteHeaderFooter.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(siteHeaderFooter.websiteId, websiteId));
  });
}
