import type { LinkTargets } from '@site/ui';
import { useMemo } from 'react';
import { useFiles } from '../api/files';
import { usePages } from '../api/pages';

/** Enough files for a link picker; more are a click away in the file manager. */
const FILES_OFFERED = 100;

/**
 * What the rich-text link editor offers (the site's pages and files), the pages' current paths,
 * by which the preview shows `page:<id>` links as the live site will, and the uploaded files by
 * id, by which it shows an image block's srcset, alt text and focal point as the live site will.
 */
export function useLinkTargets(): {
  linkTargets: LinkTargets;
  pagePaths: ReadonlyMap<string, string>;
  files: ReadonlyMap<string, Record<string, unknown>>;
} {
  const pages = usePages();
  const files = useFiles(FILES_OFFERED);
  return useMemo(() => {
    const sitePages = (pages.data ?? []).filter((p) => p.kind === 'page');
    const fileViews = (files.data?.pages ?? []).flatMap((p) => p.items);
    return {
      linkTargets: {
        pages: sitePages.map((p) => ({ id: p.id, title: p.title, path: p.path })),
        files: fileViews.map((f) => ({ id: f.id, name: f.name, url: f.assetUrl })),
      },
      pagePaths: new Map(sitePages.map((p) => [p.id, p.path])),
      files: new Map(fileViews.map((f) => [f.id, f as unknown as Record<string, unknown>])),
    };
  }, [pages.data, files.data]);
}
