import { z } from 'zod';

/** An owner's copy of the whole site, made by a job, and a new site made from one. */
export const SITE_EXPORT_API = {
  /** GET: the latest export; POST: start a new one. */
  exports: '/api/editor/site-export',
  download: (id: string) => `/api/editor/site-export/${encodeURIComponent(id)}/download`,
  /** POST the archive's bytes (application/gzip) with ?slug=: answers the new site. */
  import: '/api/editor/site-import',
} as const;

export const siteExportSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'ready', 'failed']),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** Bytes of the archive once ready. */
  size: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SiteExport = z.infer<typeof siteExportSchema>;

export const latestSiteExportSchema = z.object({ export: siteExportSchema.nullable() });
export type LatestSiteExport = z.infer<typeof latestSiteExportSchema>;

export const siteImportResultSchema = z.object({ websiteId: z.string(), slug: z.string(), url: z.string() });
export type SiteImportResult = z.infer<typeof siteImportResultSchema>;

export const siteExportMessages = {
  title: 'Export your site',
  explain:
    'A copy of everything in your site — pages, blog posts, products, orders, members, files and settings — in one file you can keep or import as a new site.',
  start: 'Export site',
  again: 'Export again',
  running: (percent: number) => `Exporting… ${percent}%`,
  ready: (size: string, when: string) => `Your export is ready (${size}, made ${when}).`,
  download: 'Download export',
  failed: 'The export stopped before it finished. Try again.',
  none: 'No export yet.',
  notAnArchive: 'This is not a site export: choose the .json.gz file an export made.',
  damaged: (part: string) =>
    `This export is damaged or was changed (its ${part} do not fit): export the site again.`,
  importNeedsDomain: 'Importing makes a new site, which this server can only do with BASE_DOMAIN set.',
} as const;
