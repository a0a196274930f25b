import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StorefrontAssets } from '../pages/render-page';

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
}

/** Reads Vite's manifest of the storefront build to link its entry script and styles. */
export function readStorefrontAssets(storefrontDist: string, base = '/assets/storefront/'): StorefrontAssets {
  const manifestPath = join(storefrontDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { js: [], css: [] };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.values(manifest).filter((c) => c.isEntry);
  return {
    js: entries.map((c) => base + c.file),
    css: entries.flatMap((c) => (c.css ?? []).map((f) => base + f)),
  };
}
