import { isReservedPath, isValidPagePath, LIMITS, messages, nextFreePath, slugify } from '@site/page-content';
import { ApiError } from '../../http';

/** Room left for nextFreePath's `-N` so a generated path never outgrows the limit. */
const SUFFIX_ROOM = 6;

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A page inside a folder lives at `/<folder>/<slug>`, whatever path was asked for. */
export function underFolder(folder: { path: string } | undefined, path: string): string {
  return folder ? `${folder.path}/${lastSegment(path)}` : path;
}

/** A requested path, placed under its folder and checked; folders stay one segment deep so their pages fit. */
export function requestedPath(folder: { path: string } | undefined, path: string, kind: string): string {
  const placed = underFolder(folder, path);
  const tooDeep = kind === 'folder' && placed.split('/').length > 2;
  if (!isValidPagePath(placed) || tooDeep) {
    throw new ApiError(400, 'INVALID', messages.notValidPageUrl(placed), [
      { path: ['path'], message: messages.notValidPageUrl(placed) },
    ]);
  }
  return placed;
}

/** The title's slug, under its folder, moved off reserved words and made unique with -2, -3… */
export function freePathFor(
  title: string,
  folder: { path: string } | undefined,
  taken: ReadonlySet<string>,
): string {
  const room = LIMITS.maxSlugLength - SUFFIX_ROOM - (folder ? folder.path.length : 0);
  const slug = slugify(title).slice(0, room).replace(/-+$/, '') || 'page';
  let path = underFolder(folder, `/${slug}`);
  if (isReservedPath(path)) path = `${path}-page`;
  return nextFreePath(path, taken);
}

export function slugTaken(path: string): ApiError {
  return new ApiError(409, 'SLUG_TAKEN', messages.slugTaken(path), [
    { path: ['path'], message: messages.slugTaken(path) },
  ]);
}
