import { SITE_LOCALES, siteContact, type SiteProfile, type SiteProfileView } from '@site/page-content';
import { eq, sql } from 'drizzle-orm';
import { recordActivity, type Actor } from '../activity/activity-log';
import type { Database } from '../db/client';
import { siteHeaderFooter, websites } from '../db/schema';
import type { WebsiteRow } from '../site/site-data';
import { siteIconUrl, storedSiteIcon } from './site-icon';
import { siteLogoUrl, storedSiteLogo } from './site-logo';

export function siteProfileView(website: WebsiteRow): SiteProfileView {
  const icon = storedSiteIcon(website.settings);
  const logo = storedSiteLogo(website.settings);
  return {
    title: website.title,
    timeZone: website.timeZone,
    // A site made before the list existed keeps its locale until the owner picks one.
    locale: website.locale as (typeof SITE_LOCALES)[number],
    ...siteContact(website.settings),
    iconUrl: icon ? siteIconUrl(icon, 180) : null,
    logoUrl: logo ? siteLogoUrl(logo) : null,
  };
}

/**
 * Saves the profile in one transaction. The header always shows this title (header-footer-store);
 * a footer copyright that still shows the old name was following it (it is what a new site starts
 * with), so it takes the new one; one the owner wrote differently is theirs and stays.
 */
export async function saveSiteProfile(
  db: Database,
  websiteId: string,
  profile: SiteProfile,
  by: Actor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [old] = await tx
      .select({
        title: websites.title,
        timeZone: websites.timeZone,
        locale: websites.locale,
        settings: websites.settings,
      })
      .from(websites)
      .where(eq(websites.id, websiteId))
      .for('update');
    if (!old) return;
    const stored = {
      contactEmail: profile.contactEmail,
      businessAddress: profile.businessAddress,
      socialProfiles: profile.socialProfiles,
    };
    const changed = changedFields({ ...old, ...siteContact(old.settings) }, { ...profile, ...stored });
    if (changed) await recordActivity(tx, websiteId, by, { kind: 'settings-changed', subject: changed });
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

const FIELD_NAMES = {
  title: 'site name',
  timeZone: 'time zone',
  locale: 'language and formats',
  contactEmail: 'contact email',
  businessAddress: 'business address',
  socialProfiles: 'social profiles',
} as const;

/** The activity log's words for what a save changed ("site name, time zone"), or '' for nothing. */
function changedFields(
  before: Record<keyof typeof FIELD_NAMES, unknown>,
  after: Record<keyof typeof FIELD_NAMES, unknown>,
): string {
  return (Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[])
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => FIELD_NAMES[key])
    .join(', ');
}
