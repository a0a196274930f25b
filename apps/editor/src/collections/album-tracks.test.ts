import { MAX_ALBUM_TRACKS } from '@site/page-content';
import { describe, expect, it } from 'vitest';
import { albumRoom, trackTitleFrom, trackUrlProblem } from './album-tracks';

describe('album room', () => {
  it.each([
    [0, 60, false, false, undefined],
    [54, 6, false, false, undefined],
    [55, 5, true, false, '5 tracks left: an album plays at most 60.'],
    [59, 1, true, false, '1 track left: an album plays at most 60.'],
    [60, 0, false, true, 'This album is full: it plays at most 60 tracks. Remove a track to add another.'],
    [61, 0, false, true, 'This album is full: it plays at most 60 tracks. Remove a track to add another.'],
  ])('%i tracks leave %i, nearly full %s, full %s', (count, left, nearlyFull, full, notice) => {
    expect(albumRoom(count)).toEqual({
      left,
      nearlyFull,
      full,
      notice,
      summary: `${count} of ${MAX_ALBUM_TRACKS} tracks`,
    });
  });
});

describe('a track title from its file or address', () => {
  it.each([
    ['side-a.mp3', 'side-a'],
    ['Morning tone.wav', 'Morning tone'],
    ['https://cdn.example.com/music/side%20b.ogg?x=1', 'side b'],
    ['/files/abc/evening.mp3', 'evening'],
    ['https://example.com/', 'Untitled track'],
    ['no-extension', 'no-extension'],
    ['https://example.com/50%.mp3', '50%'],
  ])('%s → %s', (input, title) => expect(trackTitleFrom(input)).toBe(title));
});

describe('a track address', () => {
  it('asks for one when blank, refuses a script address, takes web and site addresses', () => {
    expect(trackUrlProblem('  ')).toBe('Enter the address of an audio file');
    expect(trackUrlProblem('javascript:alert(1)')).toMatch(/Enter a web address/);
    expect(trackUrlProblem('https://example.com/a.mp3')).toBeUndefined();
    expect(trackUrlProblem('/files/abc/a.mp3')).toBeUndefined();
  });
});
