import { createHash } from 'node:crypto';
import {
  FILE_LIMITS,
  SITE_ICON_MAX_BYTES,
  SITE_ICON_SIZES,
  siteProfileMessages,
  type SiteIconSize,
} from '@site/page-content';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client';
import { siteIcons, websites } from '../db/schema';
import { ApiError } from '../http';
import { sniff } from '../files/inspect';

/** What `websites.settings.siteIcon` holds: the upload's hash, which names the icon's URLs. */
export interface StoredSiteIcon {
  version: string;
}

const SMALLEST_SOURCE = 180;

/**
 * Every size of the icon from one upload: cropped to a centred square (a logo is rarely square and
 * a squashed one looks broken), upright, without metadata, as PNG with its transparency kept.
 */
export async function makeIconSizes(upload: Buffer): Promise<Map<SiteIconSize, Buffer>> {
  if (upload.length > SITE_ICON_MAX_BYTES)
    throw new ApiError(413, 'ICON_TOO_LARGE', siteProfileMessages.iconTooLarge);
  const type = sniff(upload.subarray(0, 16));
  if (!type?.startsWith('image/'))
    throw new ApiError(400, 'ICON_NOT_IMAGE', siteProfileMessages.iconNotImage);
  const source = () =>
    sharp(upload, { limitInputPixels: FILE_LIMITS.maxImagePixels, animated: false })
      .timeout({ seconds: 20 })
      .autoOrient();
  const meta = await source()
    .metadata()
    .catch(() => {
      throw new ApiError(400, 'ICON_NOT_IMAGE', siteProfileMessages.iconNotImage);
    });
  // metadata() reports the stored orientation; a rotated photo swaps its sides, the smaller decides.
  if (Math.min(meta.width ?? 0, meta.height ?? 0) < SMALLEST_SOURCE)
    throw new ApiError(400, 'ICON_TOO_SMALL', siteProfileMessages.iconTooSmall);
  const square = await source()
    .resize(512, 512, { fit: 'cover', position: 'centre' })
    .png()
    .toBuffer()
    .catch(() => {
      throw new ApiError(400, 'ICON_NOT_IMAGE', siteProfileMessages.iconNotImage);
    });
  const sizes = new Map<SiteIconSize, Buffer>();
  for (const size of SITE_ICON_SIZES) {
    sizes.set(
      size,
      size === 512 ? square : await sharp(square).resize(size, size).png({ compressionLevel: 9 }).toBuffer(),
    );
  }
  return sizes;
}

/** Replaces the site's icon set in one transaction; the new version changes every page's head. */
export async function saveSiteIcon(db: Database, websiteId: string, upload: Buffer): Promise<StoredSiteIcon> {
  const sizes = await makeIconSizes(upload);
  const version = createHash('sha256').update(sizes.get(512)!).digest('hex').slice(0, 16);
  await db.transaction(async (tx) => {
    await tx.delete(siteIcons).where(eq(siteIcons.websiteId, websiteId));
    await tx.insert(siteIcons).values([...sizes].map(([size, png]) => ({ websiteId, size, png })));
    await tx
      .update(websites)
      .set({ settings: sql`${websites.settings} || ${JSON.stringify({ siteIcon: { version } })}::jsonb` })
      .where(eq(websites.id, websiteId));
  });
  return { version };
}

/** Back to the platform's default icon. */
export async function removeSiteIcon(db: Database, websiteId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(siteIcons).where(eq(siteIcons.websiteId, websiteId));
    await tx
      .update(websites)
      .set({ settings: sql`${websites.settings} - 'siteIcon'` })
      .where(eq(websites.id, websiteId));
  });
}

export async function loadIconPng(
  db: Database,
  websiteId: string,
  size: number,
): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ png: siteIcons.png })
    .from(siteIcons)
    .where(and(eq(siteIcons.websiteId, websiteId), eq(siteIcons.size, size)));
  return row?.png;
}

export function storedSiteIcon(settings: Record<string, unknown>): StoredSiteIcon | undefined {
  const icon = settings.siteIcon as { version?: unknown } | undefined;
  return typeof icon?.version === 'string' && /^[0-9a-f]{16}$/.test(icon.version)
    ? { version: icon.version }
    : undefined;
}

/** Where the storefront serves a size: the version in the path lets browsers keep it for a year. */
export const siteIconUrl = (icon: StoredSiteIcon, size: SiteIconSize) =>
  `/site-icon/${icon.version}/${size}.png`;

/** The head's icon links (tab, high-density tab, Apple touch icon); undefined keeps the default icon. */
export function siteIconLinks(settings: Record<string, unknown>) {
  const icon = storedSiteIcon(settings);
  return icon
    ? { small: siteIconUrl(icon, 32), large: siteIconUrl(icon, 64), touch: siteIconUrl(icon, 180) }
    : undefined;
}
