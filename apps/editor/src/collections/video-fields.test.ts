import { describe, expect, it } from 'vitest';
import { videoSourceNote, videoUrlProblem } from './video-fields';

describe('a video address', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'Plays in the YouTube player.'],
    ['https://youtu.be/aqz-KE-bpKQ', 'Plays in the YouTube player.'],
    ['https://vimeo.com/76979871', 'Plays in the Vimeo player.'],
    ['https://example.com/clips/tote.mp4', 'Plays as a video file in the visitor’s browser (MP4 or WebM).'],
    ['', undefined],
    ['javascript:alert(1)', undefined],
  ])('%s: %s', (url, note) => expect(videoSourceNote(url)).toBe(note));

  it('is asked for, and a script address is refused before it is sent', () => {
    expect(videoUrlProblem(' ')).toBe('Enter the address of the video');
    expect(videoUrlProblem('javascript:alert(1)')).toMatch(/Enter a web address/);
    expect(videoUrlProblem('https://vimeo.com/76979871')).toBeUndefined();
  });
});
