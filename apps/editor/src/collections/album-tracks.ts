import { audioDataSchema, MAX_ALBUM_TRACKS } from '@site/page-content';

/** Warn this many tracks before the album is full, so the limit is no surprise. */
export const ALBUM_WARN_LEFT = 5;

/** How much room an album of `count` tracks has left, and what the editor says about it. */
export function albumRoom(count: number) {
  const left = Math.max(0, MAX_ALBUM_TRACKS - count);
  const full = left === 0;
  return {
    left,
    full,
    nearlyFull: !full && left <= ALBUM_WARN_LEFT,
    summary: `${count} of ${MAX_ALBUM_TRACKS} tracks`,
    notice: full
      ? `This album is full: it plays at most ${MAX_ALBUM_TRACKS} tracks. Remove a track to add another.`
      : left <= ALBUM_WARN_LEFT
        ? `${left} ${left === 1 ? 'track' : 'tracks'} left: an album plays at most ${MAX_ALBUM_TRACKS}.`
        : undefined,
  };
}

/** A track's first title: the file or address's last name without its extension ("Side A" for "side%20a.mp3"). */
export function trackTitleFrom(nameOrUrl: string): string {
  let name = nameOrUrl.trim();
  // A file manager name has no slash; an address (absolute or on this site) names its file last.
  if (name.includes('/')) {
    try {
      name = decodeURIComponent(new URL(name, 'http://localhost/').pathname.split('/').pop() ?? '');
    } catch {
      // A malformed address or escape: its last part as typed.
      name = name.split(/[?#]/)[0]!.split('/').pop() ?? '';
    }
  }
  return name.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || 'Untitled track';
}

/** The message for an address the server would refuse, or undefined when it may be sent. */
export function trackUrlProblem(url: string): string | undefined {
  if (url.trim() === '') return 'Enter the address of an audio file';
  const parsed = audioDataSchema.shape.src.safeParse(url.trim());
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** How long the browser waits for a track's header before adding it without a length. */
const MEASURE_TIMEOUT_MS = 5000;

/**
 * A track's length in milliseconds, read by the browser from the file's header (the album page
 * shows it); undefined when the file cannot be read in time, so the track is added without one.
 */
export function measureDuration(src: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const audio = new Audio();
    const done = (ms: number | undefined) => {
      clearTimeout(timer);
      audio.removeAttribute('src');
      resolve(ms);
    };
    const timer = setTimeout(() => done(undefined), MEASURE_TIMEOUT_MS);
    audio.preload = 'metadata';
    // A live stream reports an infinite length; the API takes up to 24 hours.
    audio.onloadedmetadata = () =>
      done(audio.duration > 0 && audio.duration <= 24 * 3600 ? Math.round(audio.duration * 1000) : undefined);
    audio.onerror = () => done(undefined);
    audio.src = src;
  });
}
