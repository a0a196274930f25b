import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
    css: entries.flatMap((c) => (c.css ?? []).map((f) => base + f)),
    preload: [...imported].map((c) => base + c.file),
  };
}

/** Styles of the page-content blocks (apps/api/public/blocks.css), linked by every site page and the editor's preview. */
export const BLOCK_STYLESHEET = '/assets/blocks.css';

/**
 * What every site page links: the storefront's entry scripts and styles and the block styles; the
 * page adds its site's theme stylesheets after these (render-page.ts).
 */
export function readSiteAssets(storefrontDist: string): StorefrontAssets {
  const storefront = readStorefrontAssets(storefrontDist);
  return { ...storefront, css: [...storefront.css, BLOCK_STYLESHEET] };
}
