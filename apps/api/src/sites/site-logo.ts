import { createHash } from 'node:crypto';
import { FILE_LIMITS, SITE_LOGO_MAX_BYTES, siteProfileMessages } from '@site/page-content';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client';
import { websites } from '../db/schema';
import { sniff } from '../files/inspect';
import type { FileStorage } from '../files/storage';
import { ApiError } from '../http';

/** What `websites.settings.siteLogo` holds: the stored image's hash (its URL) and its size. */
export interface StoredSiteLogo {
  version: string;
  width: number;
  height: number;
}

const SMALLEST_HEIGHT = 40;
// Three times the tallest header a theme draws it in, and room for a wide wordmark.
const BOX = { width: 1200, height: 360 };

/**
 * The header's logo from one upload: upright, without metadata, shrunk (never enlarged) to fit
 * the box with its proportions and transparency kept, as WebP, which every browser shows.
 */
export async function makeLogo(upload: Buffer): Promise<{ webp: Buffer; width: number; height: number }> {
  if (upload.length > SITE_LOGO_MAX_BYTES)
    throw new ApiError(413, 'LOGO_TOO_LARGE', siteProfileMessages.logoTooLarge);
  const type = sniff(upload.subarray(0, 16));
  if (!type?.startsWith('image/'))
    throw new ApiError(400, 'LOGO_NOT_IMAGE', siteProfileMessages.iconNotImage);
  const notImage = () => new ApiError(400, 'LOGO_NOT_IMAGE', siteProfileMessages.iconNotImage);
  const source = sharp(upload, { limitInputPixels: FILE_LIMITS.maxImagePixels, animated: false })
    .timeout({ seconds: 20 })
    .autoOrient();
  const { data, info } = await source
    .resize(BOX.width, BOX.height, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 90, alphaQuality: 100 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw notImage();
    });
  // Measured after orientation and fitting: a logo this short was too short to begin with.
  if (info.height < SMALLEST_HEIGHT)
    throw new ApiError(400, 'LOGO_TOO_SMALL', siteProfileMessages.logoTooSmall);
  return { webp: data, width: info.width, height: info.height };
}

export const siteLogoKey = (websiteId: string, version: string) => `${websiteId}/site-logo/${version}.webp`;

/**
 * Stores the logo's bytes in the files storage under their hash, then points the site at them
 * (the websites trigger moves the site's version, so cached pages show the new header); the
 * previous logo's bytes go once nothing points at them.
 */
export async function saveSiteLogo(
  db: Database,
  storage: FileStorage,
  websiteId: string,
  upload: Buffer,
): Promise<StoredSiteLogo> {
  const { webp, width, height } = await makeLogo(upload);
  const logo = { version: createHash('sha256').update(webp).digest('hex').slice(0, 16), width, height };
  await storage.put(siteLogoKey(websiteId, logo.version), webp);
  const previous = await pointAt(db, websiteId, logo);
  if (previous && previous.version !== logo.version)
    await storage.delete(siteLogoKey(websiteId, previous.version));
  return logo;
}

/** The header goes back to the site's name as text. */
export async function removeSiteLogo(db: Database, storage: FileStorage, websiteId: string): Promise<void> {
  const previous = await pointAt(db, websiteId, undefined);
  if (previous) await storage.delete(siteLogoKey(websiteId, previous.version));
}

/** Sets (or clears) the site's logo, answering the one it replaced. */
async function pointAt(db: Database, websiteId: string, logo: StoredSiteLogo | undefined) {
  return db.transaction(async (tx) => {
    const [site] = await tx
      .select({ settings: websites.settings })
      .from(websites)
      .where(eq(websites.id, websiteId))
      .for('update');
    await tx
      .update(websites)
      .set({
        settings: logo
          ? sql`${websites.settings} || ${JSON.stringify({ siteLogo: logo })}::jsonb`
          : sql`${websites.settings} - 'siteLogo'`,
      })
      .where(eq(websites.id, websiteId));
    return site ? storedSiteLogo(site.settings) : undefined;
  });
}

export function storedSiteLogo(settings: Record<string, unknown>): StoredSiteLogo | undefined {
  const logo = settings.siteLogo as Partial<StoredSiteLogo> | undefined;
  return typeof logo?.version === 'string' &&
    /^[0-9a-f]{16}$/.test(logo.version) &&
    Number.isInteger(logo.width) &&
    Number.isInteger(logo.height)
    ? { version: logo.version, width: logo.width!, height: logo.height! }
    : undefined;
}

/** Where the storefront serves it: the version in the path lets browsers keep it for a year. */
export const siteLogoUrl = (logo: StoredSiteLogo) => `/site-logo/${logo.version}.webp`;
