import { videoDataSchema, videoPlayerUrl } from '@site/page-content';

/** Said under a video's address until it names a player or a file. */
export const VIDEO_URL_HINT = 'A YouTube or Vimeo page, or the address of a video file.';

/** What a video's address plays as on its page, said before the owner saves it. */
export function videoSourceNote(url: string): string | undefined {
  const address = url.trim();
  if (address === '') return undefined;
  if (!videoDataSchema.shape.url.safeParse(address).success) return undefined;
  const player = videoPlayerUrl(address);
  if (player)
    return `Plays in the ${new URL(player).hostname.includes('vimeo') ? 'Vimeo' : 'YouTube'} player.`;
  return 'Plays as a video file in the visitor’s browser (MP4 or WebM).';
}

/** The message for an address the server would refuse, or undefined when it may be sent. */
export function videoUrlProblem(url: string): string | undefined {
  if (url.trim() === '') return 'Enter the address of the video';
  const parsed = videoDataSchema.shape.url.safeParse(url.trim());
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
