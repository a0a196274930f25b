import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SiteStylesheets } from './site-stylesheet';

/** The storefront bundle's entry scripts and styles a rendered page links. */
export interface StorefrontAssets {
  js: string[];
  css: string[];
  /**
   * The chunks the entry scripts import, linked as low-priority module preloads: fetched beside
   * the entry instead of after it, and never ahead of the stylesheets the first paint waits for.
   */
  preload?: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
  /** Manifest keys of the chunks it imports statically. */
  imports?: string[];
}

/** Reads Vite's manifest of the storefront build to link its entry script and styles. */
export function readStorefrontAssets(storefrontDist: string, base = '/assets/storefront/'): StorefrontAssets {
  const manifestPath = join(storefrontDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { js: [], css: [] };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.values(manifest).filter((c) => c.isEntry);
  const imported = new Set<ManifestChunk>();
  const visit = (chunk: ManifestChunk) => {
    for (const key of chunk.imports ?? []) {
      const next = manifest[key];
      if (next && !next.isEntry && !imported.has(next)) {
        imported.add(next);
        visit(next);
      }
    }
  };
  entries.forEach(visit);
  return {
    js: entries.map((c) => base + c.file),
    // The build writes one CSS file for every chunk (cssCodeSplit off): its manifest key is style.css.
    css: [
      ...entries.flatMap((c) => (c.css ?? []).map((f) => base + f)),
      ...(manifest['style.css'] ? [base + manifest['style.css'].file] : []),
    ],
    preload: [...imported].map((c) => base + c.file),
  };
}

/** Styles of the page-content blocks (apps/api/public/blocks.css), in every site page's stylesheet and the editor's preview. */
export const BLOCK_STYLESHEET = '/assets/blocks.css';

/** What every site page links: the storefront's entry scripts, and one stylesheet for its theme. */
export interface SiteAssets {
  js: string[];
  preload?: string[];
  stylesheets: Pick<SiteStylesheets, 'url'>;
}

/**
 * The site assets of this storefront build: its scripts, and a stylesheet per theme merging the
 * storefront's styles, the block styles and the theme's (site-stylesheet.ts), in that order.
 */
export function readSiteAssets(
  storefrontDist: string,
  publicDir: string,
): SiteAssets & { stylesheets: SiteStylesheets } {
  const base = '/assets/storefront/';
  const storefront = readStorefrontAssets(storefrontDist, base);
  const shared = [
    ...storefront.css.map((url) => ({ url, file: join(storefrontDist, url.slice(base.length)) })),
    { url: BLOCK_STYLESHEET, file: join(publicDir, 'blocks.css') },
  ];
  return {
    js: storefront.js,
    preload: storefront.preload,
    stylesheets: new SiteStylesheets(() =>
      shared.map(({ url, file }) => ({ url, css: readFileSync(file, 'utf8') })),
    ),
  };
}
